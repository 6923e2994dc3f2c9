import { ConflictError, HttpError, NotFoundError, type ServiceClient } from '@waybill/http';
import type { Consignment } from '@waybill/contracts';
import { asView, type ConsignmentView } from '../documents/consignment.view';
import type { WarehouseView } from '../documents/sender';

type Detail = { detail?: string } | undefined;

/**
 * The consignment service, asked over its internal HTTP API: it owns consignments, their status,
 * allocation and warehouses. This service never reads its tables.
 */
export class ConsignmentPeer {
  constructor(private readonly client: ServiceClient) {}

  private principal(company: string) {
    return { company, principal: 'service:documents' };
  }

  private path(company: string, rest: string): string {
    return `/companies/${encodeURIComponent(company)}${rest}`;
  }

  private unexpected(status: number, body: unknown, what: string): HttpError {
    const detail = (body as Detail)?.detail;
    return new HttpError(503, `The consignment service could not ${what} (${status}${detail ? `: ${detail}` : ''}); try again shortly.`, {}, { 'Retry-After': '5' });
  }

  async consignment(company: string, identifier: string): Promise<ConsignmentView> {
    const res = await this.client.request<Consignment>('consignment', 'GET', this.path(company, `/consignment/${encodeURIComponent(identifier)}`), this.principal(company));
    if (res.status === 404) throw new NotFoundError();
    if (res.status !== 200) throw this.unexpected(res.status, res.body, 'read the consignment');
    return asView(res.body);
  }

  /**
   * Allocates by the company's allocation rules (docs/api/allocation.md). 409 (nothing accepted it; the consignment's
   * rejection_reason says why) is passed on with the owner's `detail`.
   */
  async allocateByRules(company: string, identifier: string): Promise<ConsignmentView> {
    const res = await this.client.request<Consignment>('consignment', 'POST', this.path(company, `/consignment/${encodeURIComponent(identifier)}/allocate`), this.principal(company), {});
    if (res.status === 200) return asView(res.body);
    // The consignment was just read, so a 404 here is a consignment service that cannot allocate by rules
    // yet (services deploy independently): a state the client can resolve by allocating it itself.
    if (res.status === 404) throw new ConflictError('Consignment is Unallocated and cannot be allocated by rules here; allocate it (PUT with service_id) and fetch its documents again.');
    if (res.status === 409) throw new ConflictError((res.body as Detail)?.detail ?? 'No allocation rule or carrier accepted the consignment.');
    throw this.unexpected(res.status, res.body, 'allocate the consignment');
  }

  /**
   * Marks an Allocated consignment Printed (docs/api/labels-and-documents.md: committed before the documents answer 200). A 404
   * is an owner that does not know the route yet (services deploy independently): the printed event,
   * already in this service's outbox, makes the move then.
   */
  async markPrinted(company: string, identifier: string): Promise<void> {
    const res = await this.client.request('consignment', 'POST', this.path(company, `/consignment/${encodeURIComponent(identifier)}/printed`), this.principal(company), {});
    if (res.status !== 200 && res.status !== 404) throw this.unexpected(res.status, res.body, 'record the consignment as Printed');
  }

  async warehouses(company: string): Promise<WarehouseView[]> {
    const res = await this.client.request<WarehouseView[]>('consignment', 'GET', this.path(company, '/warehouses'), this.principal(company));
    if (res.status !== 200 || !Array.isArray(res.body)) throw this.unexpected(res.status, res.body, 'list the warehouses');
    return res.body;
  }
}
