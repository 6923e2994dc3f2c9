/**
 * The create-orders rules Click & Drop states in words rather than in its schema, as the double checks
 * them (a broken rule is a violation: Waybill must never send it).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const RM_UK = ['GB', 'JE', 'GG', 'IM'];

export function orderRuleProblems(order: Json, i: number): string[] {
  const problems: string[] = [];
  const at = `items[${i}]`;
  const country = order?.recipient?.address?.countryCode;
  if (country === 'GB' && !order?.recipient?.address?.postcode) problems.push(`${at}.recipient.address.postcode is required for UK addresses`);
  if (!order?.recipient?.address?.fullName && !order?.recipient?.address?.companyName) problems.push(`${at}.recipient.address needs fullName or companyName`);
  if (!order?.postageDetails?.serviceCode) problems.push(`${at}.postageDetails.serviceCode is required to generate a label`);
  if (!Array.isArray(order?.packages) || order.packages.length === 0) problems.push(`${at}.packages: at least one package is required to generate a label`);
  if (country && !RM_UK.includes(country)) {
    const contents = (order.packages ?? []).flatMap((p: Json) => p.contents ?? []);
    if (contents.length === 0) problems.push(`${at}: orders leaving the UK need package contents for the customs declaration`);
    contents.forEach((c: Json, j: number) => {
      for (const m of ['unitValue', 'unitWeightInGrams', 'originCountryCode', 'customsDescription']) {
        if (c[m] === undefined) problems.push(`${at} contents[${j}].${m} is required for customs`);
      }
    });
    if (!order.currencyCode) problems.push(`${at}.currencyCode is required for customs`);
  }
  const total = Number(order?.subtotal ?? 0) + Number(order?.shippingCostCharged ?? 0) + Number(order?.otherCosts ?? 0) + Number(order?.orderTax ?? 0);
  if (Math.abs(Number(order?.total ?? 0) - total) > 0.005) problems.push(`${at}.total must be the sum of subtotal, tax, shipping and other costs`);
  return problems;
}

/**
 * `{orderIdentifiers}`: order identifiers (integers) or quoted, percent-encoded order references,
 * separated by semicolons, 100 at most.
 */
export function identifierProblems(path: string): string[] {
  const ids = path.split(';');
  return [
    ...(ids.length > 100 ? [`path orderIdentifiers holds ${ids.length} identifiers, at most 100`] : []),
    ...ids.filter((id) => !/^\d+$/.test(id) && !/^"[^"]+"$/.test(id)).map((id) => `path orderIdentifiers: ${id} is neither an order identifier nor a quoted order reference`),
  ];
}
