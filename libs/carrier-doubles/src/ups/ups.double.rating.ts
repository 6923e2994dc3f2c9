import { upsSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer } from '../kit/double-server';
import { error } from './ups.double.answers';
import type { Exchange } from './ups.double.routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The products the double rates, with a base price and a price per kilogram (its own tariff, in the origin's currency). */
const TARIFF: Array<{ code: string; description: string; base: number; perKg: number; europe?: boolean; us?: boolean; international?: boolean }> = [
  { code: '11', description: 'UPS Standard', base: 6.2, perKg: 0.9, europe: true },
  { code: '07', description: 'UPS Express', base: 24.5, perKg: 3.1 },
  { code: '65', description: 'UPS Express Saver', base: 19.8, perKg: 2.6 },
  { code: '08', description: 'UPS Expedited', base: 16.4, perKg: 2.2, international: true },
  { code: '03', description: 'UPS Ground', base: 9.1, perKg: 1.1, us: true },
  { code: '01', description: 'UPS Next Day Air', base: 31, perKg: 3.9, us: true },
];
const US = new Set(['US', 'PR']);
const CURRENCY: Record<string, string> = { GB: 'GBP', US: 'USD', PR: 'USD', CH: 'CHF', NO: 'NOK', SE: 'SEK', DK: 'DKK', PL: 'PLN', CZ: 'CZK' };

/** Rule checks the Rating description states in words: the shipper number for negotiated rates, one weight unit. */
function rateRuleProblems(s: Json, accountNumber: string): string[] {
  const problems: string[] = [];
  if (s.ShipmentRatingOptions?.NegotiatedRatesIndicator !== undefined && s.Shipper?.ShipperNumber === undefined) problems.push('NegotiatedRatesIndicator needs Shipper.ShipperNumber');
  if (s.Shipper?.ShipperNumber !== undefined && s.Shipper.ShipperNumber !== accountNumber) problems.push(`Shipper.ShipperNumber ${s.Shipper.ShipperNumber} is not this client's account ${accountNumber}`);
  const units = new Set((s.Package ?? []).map((p: Json) => p.PackageWeight?.UnitOfMeasurement?.Code));
  if (units.size > 1) problems.push('packages of one shipment weigh in one unit');
  if (s.NumOfPieces !== undefined && Number(s.NumOfPieces) !== (s.Package ?? []).length) problems.push(`NumOfPieces ${s.NumOfPieces} is not the ${(s.Package ?? []).length} packages sent`);
  return problems;
}

/**
 * POST /api/rating/{version}/{requestoption}: checks the request against the Rating description, then
 * answers `RateResponse` with one RatedShipment per product on the route (`Shop`) or the one asked
 * (`Rate`), published and negotiated totals from the double's tariff. A ShipTo postcode starting ZZ9
 * is refused as UPS refuses an address it cannot rate.
 */
export function rate(x: Exchange, accountNumber: string): DoubleAnswer {
  const [, , , version, requestoption] = x.path.split('/');
  const body = x.body as Json | undefined;
  const s = body?.RateRequest?.Shipment as Json | undefined;
  const bad = x.violate([
    ...schemaProblems(upsSchemas.ratePathSchema, { version, requestoption }, 'path'),
    ...schemaProblems(upsSchemas.rateRequestSchema, body, 'body'),
    ...(body?.RateRequest?.Request?.RequestOption !== undefined && body.RateRequest.Request.RequestOption !== requestoption ? [`Request.RequestOption ${body.RateRequest.Request.RequestOption} is not the path's ${requestoption}`] : []),
    ...(/^Rate/.test(requestoption ?? '') && !s?.Service ? ['a Rate request names its Service'] : []),
    ...rateRuleProblems(s ?? {}, accountNumber),
  ]);
  if (bad) return bad;
  const from = s!.Shipper.Address.CountryCode as string;
  const to = s!.ShipTo.Address.CountryCode as string;
  if (/^ZZ9/i.test(s!.ShipTo.Address.PostalCode ?? '')) return error(400, '111285', 'The postal code is invalid for the destination country or territory.');
  const kg = (s!.Package as Json[]).reduce((sum, p) => sum + Number(p.PackageWeight.Weight) * (p.PackageWeight.UnitOfMeasurement.Code === 'LBS' ? 0.4536 : p.PackageWeight.UnitOfMeasurement.Code === 'OZS' ? 0.02835 : 1), 0);
  const products = TARIFF.filter((t) => {
    if (t.us) return US.has(from) && US.has(to);
    if (t.europe) return !US.has(from) && !US.has(to);
    if (t.international) return from !== to;
    return true;
  }).filter((t) => requestoption?.startsWith('Shop') || t.code === s!.Service.Code);
  if (products.length === 0) return error(400, '111210', 'The requested service is unavailable between the selected locations.');
  const currency = CURRENCY[from] ?? 'EUR';
  const money = (v: number) => ({ CurrencyCode: currency, MonetaryValue: v.toFixed(2) });
  const weight = { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: String(Math.max(0.5, Math.ceil(kg * 2) / 2)) };
  return { status: 200, body: { RateResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' }, TransactionReference: body!.RateRequest.Request.TransactionReference ?? {} },
    RatedShipment: products.map((t) => {
      const published = t.base + t.perKg * kg;
      return {
        Service: { Code: t.code, Description: '' },
        BillingWeight: weight,
        TransportationCharges: money(published),
        ServiceOptionsCharges: money(0),
        TotalCharges: money(published),
        ...(s!.ShipmentRatingOptions?.NegotiatedRatesIndicator !== undefined ? { NegotiatedRateCharges: { TotalCharge: money(published * 0.85) } } : {}),
        RatedPackage: (s!.Package as Json[]).map((p) => ({ Weight: p.PackageWeight.Weight })),
      };
    }),
  } } };
}
