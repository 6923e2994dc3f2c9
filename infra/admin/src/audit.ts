import { userInfo } from 'node:os';
import { openGatewayAdmin } from '@waybill/gateway';
import type { DbTarget } from '@waybill/db';

/** Who a change made with the waybill command is recorded as in the audit log: `cli:<operating-system user>`. */
export function cliActor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** Records a change this command made in the company's audit log (docs/operations.md#audit-log), through the gateway's own store. */
export async function recordCliChange(target: DbTarget, company: string, action: string, id: string | null): Promise<void> {
  const gw = await openGatewayAdmin(target, { auditActor: cliActor() });
  try {
    await gw.recordChange(company, action, id);
  } finally {
    await gw.close();
  }
}
