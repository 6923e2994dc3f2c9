import { dhlExpressSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer, type DoubleRequest } from '../kit/double-server';
import { dhlProblem } from './dhl.double.routes';
import type { DhlDoubleAccount, DhlDoubleState } from './dhl.double.state';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Violate = (p: string[]) => DoubleAnswer | undefined;

/** The double's tariff per product: base and per kilogram of the greater of real and volumetric (L×W×H/5000) weight. */
const PRODUCTS = [
  { code: 'P', eu: 'U', name: 'EXPRESS WORLDWIDE', base: 28, perKg: 4.2 },
  { code: 'Y', eu: 'T', name: 'EXPRESS 12:00', base: 36, perKg: 4.6 },
  { code: 'K', eu: 'E', name: 'EXPRESS 9:00', base: 52, perKg: 5.1 },
  { code: 'H', eu: 'W', name: 'ECONOMY SELECT', base: 19, perKg: 2.9 },
];
const DOMESTIC = [{ code: 'N', eu: 'N', name: 'EXPRESS DOMESTIC', base: 14, perKg: 1.8 }];
const CURRENCY: Record<string, string> = { GB: 'GBP', US: 'USD', CH: 'CHF', SE: 'SEK', PL: 'PLN' };

/** What the description states in words: the shipper account is this client's, a date not past nor over 10 days ahead. */
function rateRuleProblems(b: Json, accountNumber: string, now: Date): string[] {
  const problems: string[] = [];
  const shipper = (b.accounts ?? []).find((a: Json) => a.typeCode === 'shipper');
  if (shipper && shipper.number !== accountNumber) problems.push(`accounts: shipper ${shipper.number} is not this API key's account ${accountNumber}`);
  const date = String(b.plannedShippingDateAndTime ?? '').slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && (date < new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10) || date > latest)) problems.push(`plannedShippingDateAndTime ${date} is past or more than 10 days after ${today}`);
  return problems;
}

/**
 * POST /rates: checks the request against MyDHL's description, then answers `products`, each with
 * its total price in the billing currency (`BILLC`) from the double's tariff. A receiver postcode
 * starting ZZ9 is refused as DHL refuses a place it cannot rate.
 */
export function rate(_s: DhlDoubleState, account: DhlDoubleAccount, req: DoubleRequest, violate: Violate): DoubleAnswer {
  const b = req.body as Json;
  const bad = violate([...schemaProblems(dhlExpressSchemas.rateRequestSchema, b, 'body'), ...rateRuleProblems(b ?? {}, account.accountNumber, new Date())]);
  if (bad) return bad;
  const from = b.customerDetails.shipperDetails.countryCode as string;
  const to = b.customerDetails.receiverDetails.countryCode as string;
  if (/^ZZ9/i.test(b.customerDetails.receiverDetails.postalCode)) return dhlProblem(422, '1001: The requested product(s) are not available based on your search criteria.', 'Product not found');
  const weight = (b.packages as Json[]).reduce((sum, p) => sum + Math.max(p.weight, (p.dimensions.length * p.dimensions.width * p.dimensions.height) / 5000), 0);
  const withinEu = !b.isCustomsDeclarable;
  const currency = CURRENCY[from] ?? 'EUR';
  return { status: 200, body: {
    products: (from === to ? DOMESTIC : PRODUCTS).map((p) => ({
      productName: p.name, productCode: withinEu ? p.eu : p.code, localProductCode: withinEu ? p.eu : p.code, networkTypeCode: 'TD', isCustomerAgreement: false,
      weight: { volumetric: Math.round(weight * 1000) / 1000, provided: (b.packages as Json[]).reduce((s, x) => s + x.weight, 0), unitOfMeasurement: 'metric' },
      totalPrice: [
        { currencyType: 'BILLC', priceCurrency: currency, price: Math.round((p.base + p.perKg * weight) * 100) / 100 },
        { currencyType: 'PULCL', priceCurrency: currency, price: Math.round((p.base + p.perKg * weight) * 110) / 100 },
      ],
    })),
  } };
}
