import { h, section } from '../dom';
import type { Consignment } from './consignments';

const link = (id: string) => h('a', { href: `#/consignments/${encodeURIComponent(id)}` }, id);

/**
 * A consignment's returns (docs/api/returns.md): an outbound lists the returns booked for it; a return links
 * to its outbound and shows why it comes back and what. Nothing for an outbound without returns.
 */
export function returnsSection(c: Consignment): HTMLElement | null {
  if (c.direction === 'return') {
    const items = (c.return_items ?? []) as Array<{ sku: string | null; name: string | null; quantity: number; reason: string | null }>;
    return section('Return',
      h('p', { id: 'return-for' }, 'Return of ', link(String(c.return_for)), c.return_reason ? ` (reason: ${c.return_reason})` : ''),
      items.length ? h('ul', { id: 'return-items' }, ...items.map((i) => h('li', {}, `${i.quantity} × ${i.name ?? i.sku ?? 'item'}`, i.reason ? ` (${i.reason})` : ''))) : h('p', {}, 'The whole parcel.'));
  }
  const returns = (c.returns ?? []) as string[];
  return returns.length ? section('Returns', h('ul', { id: 'returns' }, ...returns.map((id) => h('li', {}, link(id))))) : null;
}
