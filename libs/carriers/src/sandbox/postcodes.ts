/** Postcode checks a carrier's booking API would make; a bad postcode is the commonest real refusal. */
const PATTERNS: Record<string, { re: RegExp; example: string }> = {
  GB: { re: /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i, example: 'SW1A 1AA' },
  US: { re: /^[0-9]{5}(-[0-9]{4})?$/, example: '10001' },
  DE: { re: /^[0-9]{5}$/, example: '10115' },
  FR: { re: /^[0-9]{5}$/, example: '75001' },
  NL: { re: /^[0-9]{4} ?[A-Z]{2}$/i, example: '1012 AB' },
};

export function validatePostcode(country: string, postcode: string): string | null {
  const rule = PATTERNS[country.toUpperCase()];
  if (!rule || rule.re.test(postcode.trim())) return null;
  return `postcode "${postcode}" is not a valid ${country.toUpperCase()} postcode (e.g. ${rule.example})`;
}
