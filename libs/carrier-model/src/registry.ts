import type { Carrier, CarrierServiceDef } from './carrier';

/** What a registry needs of a carrier: its names and its services. */
export type RegisteredCarrier = Pick<Carrier, 'identifier' | 'name' | 'services'>;

/**
 * Carriers known to this deployment, found by identifier or name (clients send either). A service that
 * needs only part of the carrier interface (tracking-ingest) keeps a registry of that part.
 */
export class CarrierRegistry<C extends RegisteredCarrier = Carrier> {
  private readonly byKey = new Map<string, C>();
  constructor(readonly carriers: readonly C[]) {
    for (const c of carriers) {
      this.byKey.set(c.identifier.toLowerCase(), c);
      this.byKey.set(c.name.toLowerCase(), c);
    }
  }

  find(identifierOrName: string): C | undefined {
    return this.byKey.get(identifierOrName.trim().toLowerCase());
  }

  /** Parses `<carrier name>|<service name>` (the carrier part may also be the identifier). */
  findService(serviceId: string): { carrier: C; service: CarrierServiceDef } | undefined {
    const bar = serviceId.indexOf('|');
    if (bar < 0) return undefined;
    const carrier = this.find(serviceId.slice(0, bar));
    const name = serviceId.slice(bar + 1).trim().toLowerCase();
    const service = carrier?.services.find((s) => s.name.toLowerCase() === name);
    return carrier && service ? { carrier, service } : undefined;
  }
}

export function serviceId(carrier: Pick<Carrier, 'name'>, service: Pick<CarrierServiceDef, 'name'>): string {
  return `${carrier.name}|${service.name}`;
}
