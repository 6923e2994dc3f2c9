import type { Address, CarrierServiceDef } from '@waybill/carrier-model';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';

/** One sandbox carrier's label specification, as a real carrier publishes it for integrators. */
export interface SandboxLabelSpec {
  design: (service: CarrierServiceDef) => LabelDesign;
  sortCode: (destination: Address, service: CarrierServiceDef) => string;
  routingCode: (input: RoutingInput) => string;
}

const compact = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/** Outward part of a postcode (UK `SW1A 2AA` → `SW1A`), else its first characters. */
function outward(a: Address): string {
  const p = a.postcode.trim().toUpperCase();
  if (a.country.toUpperCase() === 'GB') return p.includes(' ') ? p.split(/\s+/)[0] : p.slice(0, Math.max(2, p.length - 3));
  return compact(p).slice(0, 3);
}

/** A stable two-digit depot number from the postcode, as a carrier's routing table would give. */
function depot(a: Address): string {
  let h = 7;
  for (const ch of compact(a.postcode) + a.country.toUpperCase()) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return String(10 + (h % 90));
}

const SWIFTPOST_LOGO = [
  '....########....', '..############..', '.####......####.', '.###.........##.', '.####...........', '..##########....',
  '....##########..', '...........####.', '.##.........###.', '.####......####.', '..############..', '....########....',
];

const GLOBEX_LOGO = [
  '.....######.....', '...##..##..##...', '..#...#..#...#..', '.#...#....#...#.', '.##############.', '#....#....#....#',
  '#....#....#....#', '################', '#....#....#....#', '.##############.', '.#...#....#...#.', '..#...#..#...#..',
  '...##..##..##...', '.....######.....',
];

const generic: SandboxLabelSpec = {
  design: (s) => ({
    brand: 'GENERIC CARRIER', native: 'pdf', symbology: 'datamatrix', trackingCaption: 'TRACKING #', routingFirst: false,
    serviceMark: s.code === 'GNXT' ? 'NEXT' : s.code === 'GEUR' ? 'EUR' : 'STD', inverseServiceMark: s.code === 'GNXT',
  }),
  sortCode: (d) => `${outward(d)}-${depot(d)}`,
  routingCode: (r) => ['GC1', r.service.code, r.destination.country.toUpperCase(), compact(r.destination.postcode), r.trackingNumber, `${r.packageNumber}/${r.packageCount}`].join('|'),
};

/** Authored for thermal printers: ZPL is its native format, on gap-sensed label stock. */
const swiftpost: SandboxLabelSpec = {
  design: (s) => ({
    brand: 'SWIFTPOST', logo: SWIFTPOST_LOGO, native: 'zpl', symbology: 'datamatrix', trackingCaption: 'PARCEL ID',
    routingFirst: true, serviceMark: s.code.replace(/^SP/, ''), inverseServiceMark: true, zplMediaTracking: 'Y',
  }),
  sortCode: (d) => `${outward(d).replace(/[0-9].*$/, '') || outward(d)} ${depot(d)}`,
  routingCode: (r) => `SWP;${r.service.code};${r.destination.country.toUpperCase()};${compact(r.destination.postcode)};${r.trackingNumber}`,
};

const globex: SandboxLabelSpec = {
  design: (s) => ({
    brand: 'GLOBEX WORLDWIDE', logo: GLOBEX_LOGO, native: 'pdf', symbology: 'qrcode', trackingCaption: 'WAYBILL',
    routingFirst: false, serviceMark: s.code === 'GXEX' ? 'EXP' : 'ECO', inverseServiceMark: s.code === 'GXEX',
  }),
  sortCode: (d, s) => `${d.country.toUpperCase()} ${compact(d.postcode).slice(0, 3)} ${s.code === 'GXEX' ? 1 : 3}-${depot(d)}`,
  routingCode: (r) => ['GLX', r.service.code, `${r.origin.country.toUpperCase()}>${r.destination.country.toUpperCase()}`,
    compact(r.destination.postcode), r.trackingNumber, `${r.packageNumber}/${r.packageCount}`].join('*'),
};

const parcelink: SandboxLabelSpec = {
  design: (s) => ({
    brand: 'PARCELINK', native: 'pdf', symbology: 'datamatrix', trackingCaption: 'PARCEL NUMBER', routingFirst: false,
    serviceMark: s.code === 'PLEC' ? 'ECO' : 'STD', inverseServiceMark: false,
  }),
  sortCode: (d) => `HUB ${d.country.toUpperCase()}${depot(d)}`,
  routingCode: (r) => `PL/${r.service.code}/${r.destination.country.toUpperCase()}/${compact(r.destination.postcode)}/${r.trackingNumber}`,
};

/** Label specifications of the sandbox carriers, by carrier identifier. */
export const SANDBOX_LABEL_SPECS: Readonly<Record<string, SandboxLabelSpec>> = { generic, swiftpost, globex, parcelink };
