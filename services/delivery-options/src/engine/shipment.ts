/**
 * What the rules look at, in canonical units (kg, cm) and canonical case, read once per request from
 * either a delivery-options request or a consignment body (allocation): both share these fields.
 */
export interface Parcel {
  weightKg: number | null;
  /** The three sides, longest first; null when any side is missing. */
  sides: number[] | null;
}

export interface Shipment {
  country: string;
  region: string | null;
  /** Upper case, single spaces; a GB postcode sent without its space gets it back before the inward code. */
  postcode: string | null;
  /** The same without spaces. */
  postcodeCompact: string | null;
  warehouseId: string | null;
  shippingMethod: string | null;
  rulesPackageType: string | null;
  parcels: Parcel[];
  /** Sum of the known weights; a package without weight counts 0 kg. */
  totalWeightKg: number;
  /**
   * The heaviest known package weight (null when no package has one), and the longest, middle and
   * shortest sides over the packages whose size is known (null when none is): a per-package limit
   * holds for every package exactly when it holds for these, so a rule tests them once, not per package.
   */
  maxWeightKg: number | null;
  maxSides: number[] | null;
  orderValue: number | null;
  currency: string | null;
  options: Record<string, string>;
  customFields: Record<string, string>;
  shippingDate: string | null;
  deliveryType: string | null;
}

type Body = Record<string, any>;

const CUSTOM_FIELDS = ['custom_field_1', 'custom_field_2', 'custom_field_3', 'custom_field_4', 'custom_field_5'];

/** Dividing (not multiplying by 0.001) keeps 1100 g at exactly 1.1 kg. */
const toKg = (v: number, unit: unknown) => (unit === 'g' ? v / 1000 : v);
const CM_PER: Record<string, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54, ft: 30.48 };
const toCm = (v: number, unit: unknown) => (unit === 'mm' ? v / 10 : v * (CM_PER[String(unit ?? 'cm')] ?? 1));
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function parcelOf(p: Body): Parcel {
  let weight = num(p.weight);
  if (weight === null && Array.isArray(p.items) && p.items.length > 0) {
    const known = p.items.filter((i: Body) => num(i?.weight) !== null);
    if (known.length > 0) weight = known.reduce((sum: number, i: Body) => sum + num(i.weight)! * (num(i.quantity) ?? 1), 0);
  }
  const dims = [p.length, p.width, p.height].map(num);
  const sides = dims.every((d) => d !== null) ? dims.map((d) => toCm(d!, p.dimensions_unit)).sort((a, b) => b - a) : null;
  return { weightKg: weight === null ? null : toKg(weight, p.weight_unit), sides };
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined && x !== '') out[k] = String(x);
  }
  return out;
}

function spacedPostcode(country: string, raw: string | null): string | null {
  if (raw === null) return null;
  const p = raw.replace(/\s+/g, ' ').toUpperCase();
  return country === 'GB' && !p.includes(' ') && p.length >= 5 && p.length <= 7 ? `${p.slice(0, -3)} ${p.slice(-3)}` : p;
}

/** Math.max, not `>`: a NaN (not reachable through the schema) fails every limit, as it did per package. */
function heaviest(parcels: Parcel[]): number | null {
  let max: number | null = null;
  for (const p of parcels) if (p.weightKg !== null) max = max === null ? p.weightKg : Math.max(max, p.weightKg);
  return max;
}

/** Side by side maximum: sides are sorted longest first, so a limit sorted the same way compares position by position. */
function largestSides(parcels: Parcel[]): number[] | null {
  let max: number[] | null = null;
  for (const p of parcels) {
    if (p.sides === null) continue;
    max = max === null ? [...p.sides] : max.map((m, i) => Math.max(m, p.sides![i]));
  }
  return max;
}

export function shipmentOf(body: Body): Shipment {
  const address: Body = body.recipient?.address ?? {};
  const country = String(address.country).toUpperCase();
  const postcode = spacedPostcode(country, text(address.postcode));
  const parcels = Array.isArray(body.packages) ? body.packages.filter((p: unknown) => p && typeof p === 'object').map(parcelOf) : [];
  const customFields: Record<string, string> = {};
  for (const name of CUSTOM_FIELDS) {
    const v = text(body[name]);
    if (v !== null) customFields[name] = v;
  }
  return {
    country,
    region: text(address.state),
    postcode,
    postcodeCompact: postcode?.replace(/ /g, '') ?? null,
    warehouseId: text(body.warehouse_id),
    shippingMethod: text(body.shipping_method)?.toLowerCase() ?? null,
    rulesPackageType: text(body.rules_package_type)?.toLowerCase() ?? null,
    parcels,
    totalWeightKg: parcels.reduce((sum: number, p: Parcel) => sum + (p.weightKg ?? 0), 0),
    maxWeightKg: heaviest(parcels),
    maxSides: largestSides(parcels),
    orderValue: num(body.order_value),
    currency: text(body.currency)?.toUpperCase() ?? null,
    options: stringMap(body.options),
    customFields,
    shippingDate: text(body.shipping_date),
    deliveryType: text(body.settings?.delivery_type),
  };
}
