/** Customs territories: a shipment crossing from one to another needs a customs declaration. */
const EU = new Set(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']);

export function isEuCountry(country: string): boolean {
  return EU.has(country.toUpperCase());
}

export function customsTerritory(country: string): string {
  const c = country.toUpperCase();
  return EU.has(c) ? 'EU' : c;
}

export function crossesCustomsBorder(origin: string, destination: string): boolean {
  return customsTerritory(origin) !== customsTerritory(destination);
}

export const EU_COUNTRIES: readonly string[] = [...EU];
