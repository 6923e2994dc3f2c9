import { InvalidError } from '@waybill/http';

/** The CSV layout (docs/api/rates.md#csv): a header naming these columns, in any order, then one row per zone and band. */
export const CSV_COLUMNS = ['zone', 'countries', 'postcode_prefixes', 'max_weight_kg', 'price'] as const;

/** RFC 4180 fields: commas, double quotes around a field that holds commas, quotes or line breaks (`""` is a quote). */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  return rows;
}

const list = (cell: string): string[] => cell.split(/[\s;]+/).filter((x) => x !== '');

/**
 * A rate sheet body's `zones` and `bands` from CSV text: each row prices one zone in one weight band.
 * A zone's countries (and postcode prefixes) are read from its first row that gives them; a later row
 * giving others is an error. Bands are the distinct max_weight_kg values in ascending order. Errors
 * name the line (`csv.line 4`) and the bad value; the body is then checked as any other sheet.
 */
export function sheetFromCsv(text: string): { zones: Array<{ name: string; countries: string[]; postcode_prefixes: string[] }>; bands: Array<{ max_weight_kg: number; prices: Record<string, string> }> } {
  const rows = records(text).filter((r) => r.some((cell) => cell.trim() !== ''));
  const errors: Record<string, string[]> = {};
  if (rows.length === 0) throw InvalidError.field('csv', `The file is empty; its first line names the columns ${CSV_COLUMNS.join(',')}.`);
  const header = rows[0].map((h) => h.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((c) => c !== 'postcode_prefixes' && !header.includes(c));
  if (missing.length > 0) throw InvalidError.field('csv', `The first line must name the columns ${CSV_COLUMNS.join(',')}, separated by commas; missing: ${missing.join(', ')}.`);
  const at = (r: string[], c: string) => (header.indexOf(c) < 0 ? '' : (r[header.indexOf(c)] ?? '').trim());
  const zones = new Map<string, { name: string; countries: string[]; postcode_prefixes: string[] }>();
  const bands = new Map<number, Record<string, string>>();
  rows.slice(1).forEach((r, i) => {
    const line = `csv.line ${i + 2}`;
    const problems: string[] = [];
    const name = at(r, 'zone');
    const weightText = at(r, 'max_weight_kg');
    const weight = Number(weightText);
    const price = at(r, 'price');
    if (name === '') problems.push('zone is empty.');
    if (weightText === '' || !Number.isFinite(weight) || weight <= 0) problems.push(`max_weight_kg "${weightText}" is not a weight above 0.`);
    if (!/^[0-9]+(\.[0-9]+)?$/.test(price)) problems.push(`price "${price}" is not a decimal amount such as 4.95.`);
    const countries = list(at(r, 'countries')).map((c) => c.toUpperCase());
    const prefixes = list(at(r, 'postcode_prefixes'));
    const zone = zones.get(name);
    if (!zone && countries.length === 0 && name !== '') problems.push(`zone "${name}" has no countries on its first line.`);
    if (zone && countries.length > 0 && (countries.join(' ') !== zone.countries.join(' ') || prefixes.join(' ') !== zone.postcode_prefixes.join(' '))) {
      problems.push(`zone "${name}" was given other countries or postcode prefixes on an earlier line.`);
    }
    if (!zone && countries.length > 0 && name !== '') zones.set(name, { name, countries, postcode_prefixes: prefixes });
    const band = bands.get(weight) ?? {};
    if (problems.length === 0 && Object.hasOwn(band, name)) problems.push(`zone "${name}" is priced twice up to ${weight} kg.`);
    if (problems.length > 0) { errors[line] = problems; return; }
    band[name] = price;
    bands.set(weight, band);
  });
  if (rows.length === 1) errors.csv = ['The file has no rows after its header.'];
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  return {
    zones: [...zones.values()],
    bands: [...bands.entries()].sort((a, b) => a[0] - b[0]).map(([max_weight_kg, prices]) => ({ max_weight_kg, prices })),
  };
}
