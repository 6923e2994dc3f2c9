/**
 * The rules of UPS's description that it states in words, checked on what Waybill sends (the double
 * checks our JSON Schemas of the description with the kit's `schemaProblems`).
 */
import { addressKit } from '@waybill/carriers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const imperial = (country: string | undefined) => country === 'US' || country === 'PR';

/** The ship request's rules that UPS states in prose rather than in its schema. */
export function shipRuleProblems(body: Json, accountNumber: string): string[] {
  const problems: string[] = [];
  const s: Json = body?.ShipmentRequest?.Shipment ?? {};
  const from = s.ShipFrom?.Address?.CountryCode ?? s.Shipper?.Address?.CountryCode;
  const to = s.ShipTo?.Address?.CountryCode;
  if (s.Shipper?.ShipperNumber !== accountNumber) problems.push('Shipper.ShipperNumber must be the account the token belongs to');
  for (const charge of s.PaymentInformation?.ShipmentCharge ?? []) {
    if (charge.BillShipper && charge.BillShipper.AccountNumber !== s.Shipper?.ShipperNumber) problems.push('BillShipper.AccountNumber must equal Shipper.ShipperNumber');
  }
  if (!s.PaymentInformation?.ShipmentCharge?.some((c: Json) => c.Type === '01')) problems.push('a ShipmentCharge of Type 01 (transportation) is required');
  if (from && to && from !== to) {
    if (!s.ShipTo?.AttentionName) problems.push('ShipTo.AttentionName is required when ShipTo and ShipFrom countries differ');
    if (!s.ShipTo?.Phone?.Number) problems.push('ShipTo.Phone.Number is required when ShipTo and ShipFrom countries differ');
    if (!s.Shipper?.Phone?.Number) problems.push('Shipper.Phone.Number is required if destination is international');
    if (!s.Shipper?.AttentionName) problems.push('Shipper.AttentionName is required if destination is international');
  }
  const domestic = imperial(from) && imperial(to);
  if (domestic && s.ReferenceNumber) problems.push('Shipment.ReferenceNumber is not valid on US/US or PR/PR shipments');
  (s.Package ?? []).forEach((p: Json, i: number) => {
    if (p.ReferenceNumber && !domestic) problems.push(`Package[${i}].ReferenceNumber is valid only on US/US or PR/PR shipments`);
    const weightUnit = p.PackageWeight?.UnitOfMeasurement?.Code;
    if (weightUnit && weightUnit !== (imperial(from) ? 'LBS' : 'KGS')) problems.push(`Package[${i}].PackageWeight unit ${weightUnit} is not the unit of the shipper's country ${from}`);
    const dims = p.Dimensions;
    if (dims) {
      const unit = dims.UnitOfMeasurement?.Code;
      if (unit !== (imperial(from) ? 'IN' : 'CM')) problems.push(`Package[${i}].Dimensions unit ${unit} is not the unit of the shipper's country ${from}`);
      const longest = Math.max(Number(dims.Length), Number(dims.Width), Number(dims.Height));
      if (Number(dims.Length) !== longest) problems.push(`Package[${i}].Dimensions.Length must be the longest side`);
      if (longest > (unit === 'IN' ? 108 : 270)) problems.push(`Package[${i}].Dimensions over 108 IN / 270 CM`);
    }
  });
  for (const role of ['Shipper', 'ShipFrom', 'ShipTo'] as const) if (s[role]?.Address) problems.push(...addressRuleProblems(s[role].Address, role));
  if (s.ReturnService) problems.push(...returnRuleProblems(s));
  const forms = s.ShipmentServiceOptions?.InternationalForms;
  if (forms?.FormType?.includes('01')) {
    for (const member of ['InvoiceNumber', 'InvoiceDate', 'ReasonForExport', 'CurrencyCode']) {
      if (!forms[member]) problems.push(`InternationalForms.${member} is required for Invoice forms`);
    }
    (forms.Product ?? []).forEach((p: Json, i: number) => {
      if (!p.Unit) problems.push(`InternationalForms.Product[${i}].Unit is required for Invoice forms`);
      if (!p.PartNumber) problems.push(`InternationalForms.Product[${i}].PartNumber is required for Invoice forms`);
    });
  }
  return problems;
}

const sameAddress = (a: Json | undefined, b: Json | undefined) => Boolean(a && b)
  && JSON.stringify([a!.AddressLine, a!.PostalCode, a!.CountryCode]) === JSON.stringify([b!.AddressLine, b!.PostalCode, b!.CountryCode]);

/**
 * A return shipment (Shipment.ReturnService): every package described ("Required for shipment with return
 * service"), and the parties in their return roles: ShipFrom is where UPS collects the parcel (the consumer
 * sending it back) and must be given; the return goes back to the account holder, so ShipTo is the Shipper's
 * address, and ShipFrom is not.
 */
export function returnRuleProblems(s: Json): string[] {
  const problems: string[] = [];
  (s.Package ?? []).forEach((p: Json, i: number) => {
    if (!p.Description) problems.push(`Package[${i}].Description is required for shipment with return service`);
  });
  if (!s.ShipFrom?.Address) problems.push('ShipFrom is required on a return: it is where the parcel is collected');
  if (!sameAddress(s.Shipper?.Address, s.ShipTo?.Address)) problems.push('on a return ShipTo is the Shipper (the account holder gets the parcel back)');
  if (sameAddress(s.ShipFrom?.Address, s.ShipTo?.Address)) problems.push('on a return ShipFrom is the consumer sending the parcel back, not the ShipTo');
  return problems;
}

/**
 * What the description says of an address's region and postcode: a state or province code required for
 * the US, Canada and Vietnam (a valid US state or Canadian province code; `VN-44` for Vietnam), the county
 * for Ireland; US and Puerto Rico postcodes of 5 or 9 digits, Canadian ones of the form A#A#A#.
 */
export function addressRuleProblems(a: Json, role: string): string[] {
  const problems: string[] = [];
  const country: string = a.CountryCode;
  const state: string | undefined = a.StateProvinceCode;
  const at = `${role}.Address`;
  // ShipTo and ShipFrom need it for the US, Canada, Vietnam and Ireland; the Shipper for Vietnam and Ireland.
  const needs = role === 'Shipper' ? ['VN', 'IE'] : ['US', 'CA', 'VN', 'IE'];
  if (needs.includes(country) && !state) problems.push(`${at}.StateProvinceCode is required for ${country}`);
  if (state && (country === 'US' || country === 'CA') && !addressKit.isRegionCode(country, state)) problems.push(`${at}.StateProvinceCode ${state} is not a valid ${country === 'US' ? 'US state' : 'Canadian province'} code`);
  if (state && country === 'VN' && !(/^VN-/.test(state) && addressKit.isRegionCode('VN', state))) problems.push(`${at}.StateProvinceCode ${state} is not a Vietnamese province code (VN-44)`);
  if (state && country === 'IE' && !addressKit.isRegionCode('IE', state)) problems.push(`${at}.StateProvinceCode ${state} does not contain an Irish county`);
  const postcode: string | undefined = a.PostalCode;
  if (role === 'Shipper') return problems;
  if ((country === 'US' || country === 'PR') && !/^(\d{5}|\d{9})$/.test(postcode ?? '')) problems.push(`${at}.PostalCode must be 5 or 9 digits for ${country}`);
  if (country === 'CA' && !/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(postcode ?? '')) problems.push(`${at}.PostalCode must be 6 characters of the form A#A#A# for CA`);
  return problems;
}
