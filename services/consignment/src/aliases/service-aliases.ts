import { serviceId, type Carrier, type CarrierServiceDef } from '@waybill/carrier-model';
import { NON_FIELD_ERRORS } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
/** What checking a map needs to know of the company: its services, and whether its real carriers could be listed. */
export interface CompanyServices {
  service(serviceId: string): { carrier: Pick<Carrier, 'name'>; service: Pick<CarrierServiceDef, 'name'> } | undefined;
  realCarriersUnavailable: boolean;
}

/** One alias as the company wrote it: a literal and the service it stands for. */
export interface AliasEntry {
  alias: string;
  target: string;
}

/** How a literal is matched: case and surrounding spaces do not count. */
export const aliasKey = (literal: string): string => literal.trim().toLowerCase();

/** `service_id: "auto"` asks for allocation by rules; no alias may take that word. */
const RESERVED = new Set(['auto']);

/**
 * A company's service aliases (docs/api/consignments.md#service-aliases): the `service_id` and `carrier` literals an
 * integration moving from another platform keeps sending (`"Hermes|UK Standard Delivery"`, `"Yodel"`),
 * each read as one of the company's services.
 */
export class ServiceAliases {
  private readonly byKey: ReadonlyMap<string, string>;

  constructor(readonly entries: readonly AliasEntry[]) {
    this.byKey = new Map(entries.map((e) => [aliasKey(e.alias), e.target]));
  }

  /** The service a literal stands for, or undefined when it is no alias. */
  target(literal: string): string | undefined {
    return this.byKey.size === 0 ? undefined : this.byKey.get(aliasKey(literal));
  }

  /** The map as GET /service-aliases answers it. */
  toJson(): Record<string, string> {
    return Object.fromEntries(this.entries.map((e) => [e.alias, e.target]));
  }
}

export const NO_ALIASES = new ServiceAliases([]);

/**
 * A new map checked against the company's services: every target one of them (kept as /carrierservices
 * spells it), no key one of them, no key twice (ignoring case), none blank or reserved. Throws InvalidError
 * naming each bad key; `unknown` is called when a target is not found while the company's real carriers
 * could not be listed (it may be one of theirs).
 */
export function checkAliases(map: Record<string, string>, ctx: CompanyServices, unknown: () => never): AliasEntry[] {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, string>();
  const entries: AliasEntry[] = [];
  for (const [alias, rawTarget] of Object.entries(map)) {
    const key = aliasKey(alias);
    if (key === '') {
      errors[NON_FIELD_ERRORS] = ['An alias may not be blank.'];
      continue;
    }
    const twin = seen.get(key);
    if (twin !== undefined) {
      errors[alias] = [`The same alias as "${twin}": aliases are matched ignoring case.`];
      continue;
    }
    seen.set(key, alias);
    if (RESERVED.has(key)) {
      errors[alias] = [`"${alias}" is reserved: service_id "auto" allocates by the company's rules.`];
      continue;
    }
    if (ctx.service(alias)) {
      errors[alias] = [`"${alias}" is one of the company's services already; an alias cannot stand for another one.`];
      continue;
    }
    const found = ctx.service(rawTarget);
    if (!found) {
      if (ctx.realCarriersUnavailable) unknown();
      errors[alias] = [`"${rawTarget}" is not one of the company's services (GET /carrierservices lists them).`];
      continue;
    }
    entries.push({ alias, target: serviceId(found.carrier, found.service) });
  }
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return entries;
}
