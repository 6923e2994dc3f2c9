import { MASK } from './call.redaction';

/**
 * Personal data in a stored call (names, street lines, phone numbers, e-mail addresses), masked once it
 * is older than the personal-data period. Carriers name these members differently (`Name`,
 * `AttentionName`, `fullName`, `AddressLine`, `addressLine1`, `Phone.Number`, `EMailAddress`,
 * `emailAddress`...): a member is personal by its name, and everything under it is masked; an e-mail
 * address is masked wherever it appears. Codes, postcodes, cities and countries stay, so a refusal still
 * reads.
 */
const NOT_PERSONAL_NAMES = new Set(['servicename', 'carriername', 'filename', 'productname', 'countryname', 'statename', 'cityname', 'itemname', 'eventname', 'typename', 'codename', 'hostname', 'username']);

export function isPersonalMember(name: string): boolean {
  const k = name.replace(/[-_\s]/g, '').toLowerCase();
  if (k.endsWith('name')) return !NOT_PERSONAL_NAMES.has(k);
  return /^(addressline\d*|address[1-4]|street\w*|line[1-4]|buildingname|phone\w*|\w*phone(number)?|\w*telephone\w*|mobile\w*|fax\w*|\w*email\w*|signature\w*|contactperson)$/.test(k);
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** `<Name>Jane</Name>`, `<ns:AddressLine1>...</ns:AddressLine1>` in XML bodies. */
const ELEMENT = /<((?:[\w-]+:)?([\w-]+))(\s[^>]*)?>([^<]*)<\/\1>/g;

const maskAll = (v: unknown): unknown => {
  if (typeof v === 'string') return v === '' ? v : MASK;
  if (Array.isArray(v)) return v.map(maskAll);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskAll(x)]));
  return v;
};

function maskText(text: string): string {
  let out = text.replace(EMAIL, MASK);
  if (out.includes('<')) out = out.replace(ELEMENT, (m, tag: string, local: string, attrs: string | undefined, value: string) => (isPersonalMember(local) && value ? `<${tag}${attrs ?? ''}>${MASK}</${tag}>` : m));
  return out;
}

export function maskPersonalData(body: unknown): unknown {
  if (typeof body === 'string') return maskText(body);
  if (Array.isArray(body)) return body.map(maskPersonalData);
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, isPersonalMember(k) ? maskAll(v) : maskPersonalData(v)]));
  }
  return body;
}
