/** The shipment rules MyDHL states in words rather than in its schema, as the double checks them. */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];
const DAY = 86_400_000;

export function shipmentRuleProblems(body: Json, accountNumber: string, now = Date.now()): string[] {
  const problems: string[] = [];
  const from = body?.customerDetails?.shipperDetails?.postalAddress?.countryCode;
  const to = body?.customerDetails?.receiverDetails?.postalAddress?.countryCode;
  if (!body?.accounts?.some((a: Json) => a.typeCode === 'shipper' && a.number === accountNumber)) problems.push('accounts must hold the shipper account the credentials belong to');
  const planned = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\s?GMT([+-]\d{2}:\d{2})$/.exec(body?.plannedShippingDateAndTime ?? '');
  if (planned) {
    const at = Date.parse(`${planned[1]}T${planned[2]}${planned[3]}`);
    if (at < now - DAY) problems.push('plannedShippingDateAndTime must not be a past date');
    if (at > now + 10 * DAY) problems.push('plannedShippingDateAndTime must not be more than 10 days in the future');
  }
  const c = body?.content ?? {};
  if (c.isCustomsDeclarable) {
    if (!c.exportDeclaration) problems.push('content.exportDeclaration is required for dutiable shipments');
    if (c.declaredValue === undefined || !c.declaredValueCurrency) problems.push('content.declaredValue and declaredValueCurrency are required for dutiable shipments');
  }
  const code = body?.productCode;
  if (code === 'N' && from !== to) problems.push('product N (Domestic Express) is for shipments within one country');
  if (code !== 'N' && from && from === to) problems.push(`product ${code} is international; use N within one country`);
  if (['U', 'T', 'E', 'W'].includes(code) && !(EU.includes(from) && EU.includes(to))) problems.push(`product ${code} is for non-dutiable shipments within the EU`);
  if (['U', 'T', 'E', 'W'].includes(code) && c.isCustomsDeclarable) problems.push(`product ${code} takes no customs declaration`);
  const declared = c.exportDeclaration?.lineItems?.reduce((s: number, l: Json) => s + l.price * l.quantity.value, 0);
  if (declared !== undefined && Math.abs(declared - c.declaredValue) > 0.01) problems.push('content.declaredValue must equal the sum of the line items');
  return problems;
}
