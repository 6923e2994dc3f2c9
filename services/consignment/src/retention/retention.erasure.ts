import { sql, type RawBuilder } from 'kysely';
import type { ConsignmentData } from '../consignments/consignment.table';

/** What an erased required text field reads (the contract requires a non-empty name and first street line). */
export const ERASED = '(erased)';

/**
 * The postcode district of a stored postcode, in SQL (docs/api/retention.md): the outward code of a UK
 * postcode (`SW1A 2AA` → `SW1A`), the first three characters in Canada, Ireland and the US, four in
 * the Netherlands, elsewhere at most two and never more than half, the same reduction the tracking page
 * makes of a destination.
 */
function districtOf(address: RawBuilder<unknown>): RawBuilder<string | null> {
  const compact = sql`upper(regexp_replace(coalesce(${address}->>'postcode', ''), '[[:space:]-]', '', 'g'))`;
  return sql<string | null>`(select case
      when p = '' then null
      when c in ('GB', 'JE', 'GG', 'IM') then case when length(p) > 4 then left(p, length(p) - 3) else left(p, 2) end
      when c in ('CA', 'IE', 'US') then left(p, 3)
      when c = 'NL' then left(p, 4)
      else left(p, least(2, greatest(1, length(p) / 2))) end
    from (select ${compact} as p, upper(coalesce(${address}->>'country', '')) as c) d)`;
}

/** A person as a consignment stores one (`recipient`, a return's `sender`) with the personal data erased. */
function erasedPerson(key: 'recipient' | 'sender'): RawBuilder<unknown> {
  const person = sql`coalesce(data->${key}, '{}'::jsonb)`;
  const address = sql`coalesce(data->${key}->'address', '{}'::jsonb)`;
  return sql`${person} || jsonb_build_object(
      'name', ${ERASED}::text, 'first_name', null, 'last_name', null, 'company_name', null, 'email_address', null,
      'contact_number', null, 'tax_identifier', null, 'eori_number', null,
      'address', ${address} || jsonb_build_object('address1', ${ERASED}::text, 'address2', null, 'address3', null, 'postcode', ${districtOf(address)}, 'store_code', null))`;
}

/**
 * The consignment's data with its recipient's personal data erased: name, company, e-mail, phone,
 * tax and EORI numbers, street lines and delivery instructions; the town, postcode district and
 * country stay. A return's `sender` (docs/api/returns.md: the outbound's recipient) is erased the same way.
 * One SQL expression over the `data` column, so the sweep erases a batch in one statement.
 */
export function erasedData(): RawBuilder<ConsignmentData> {
  return sql<ConsignmentData>`data || jsonb_build_object('delivery_instructions', null, 'recipient', ${erasedPerson('recipient')})
    || case when data ? 'sender' then jsonb_build_object('sender', ${erasedPerson('sender')}) else '{}'::jsonb end`;
}
