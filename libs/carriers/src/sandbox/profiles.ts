import { capabilityList, EU_COUNTRIES, type CarrierCapability } from '@waybill/carrier-model';
import { digits, type SandboxProfile } from './sandbox-carrier';

const GB = ['GB'];
const EU_AND_GB = ['GB', ...EU_COUNTRIES];
const COMMON_OPTIONS = ['signature_required', 'age_check'];
/** Every sandbox carrier books, voids, manifests, pushes its tracking (the demo's simulator) and proves delivery. */
const SANDBOX_SUPPORTS: readonly CarrierCapability[] = ['book', 'void', 'manifest', 'tracking_push', 'proof_of_delivery'];
/** The sandbox carriers with a return service (docs/api/returns.md) declare `returns` besides. */
const WITH_RETURNS: readonly CarrierCapability[] = capabilityList([...SANDBOX_SUPPORTS, 'returns']);
/** The sandbox carriers that also send a van on request (collections). */
const WITH_COLLECTIONS: readonly CarrierCapability[] = capabilityList([...SANDBOX_SUPPORTS, 'collections']);
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const letter = () => LETTERS[Number(digits(2)) % LETTERS.length];

/** Per-package tracking numbers, domestic and European services; the everyday carrier. */
export const generic: SandboxProfile = {
  identifier: 'generic',
  name: 'Generic Carrier',
  capabilities: { supports: WITH_RETURNS, zplNative: false, perPackageTracking: true, options: [...COMMON_OPTIONS, 'saturday_delivery'] },
  customsOnBorder: false,
  services: [
    { name: 'Generic Domestic Service GDOM', code: 'GDOM', origins: GB, destinations: GB, maxParcelWeightKg: 30 },
    { name: 'Generic Next Day GNXT', code: 'GNXT', origins: GB, destinations: GB, maxParcelWeightKg: 30 },
    { name: 'Generic Europe GEUR', code: 'GEUR', origins: EU_AND_GB, destinations: EU_AND_GB, maxParcelWeightKg: 30 },
    // A return from a recipient in Great Britain or Europe back to a warehouse in Great Britain.
    { name: 'Generic Returns GRTN', code: 'GRTN', origins: EU_AND_GB, destinations: GB, maxParcelWeightKg: 30, return: true },
  ],
  trackingNumber: () => `GC${digits(12)}`,
  consignmentNumber: () => `GCN${digits(10)}`,
};

/** ZPL-native thermal-label carrier with one tracking number per consignment. */
export const swiftpost: SandboxProfile = {
  identifier: 'swiftpost',
  name: 'SwiftPost',
  capabilities: { supports: capabilityList([...WITH_RETURNS, 'collections', 'service_points']), zplNative: true, perPackageTracking: false, options: COMMON_OPTIONS },
  customsOnBorder: false,
  services: [
    { name: 'SwiftPost 24', code: 'SP24', origins: GB, destinations: GB, maxParcelWeightKg: 30 },
    { name: 'SwiftPost 48', code: 'SP48', origins: GB, destinations: GB, maxParcelWeightKg: 30 },
    { name: 'SwiftPost Returns', code: 'SPRT', origins: GB, destinations: GB, maxParcelWeightKg: 30, return: true },
  ],
  trackingNumber: () => `SP${digits(9)}GB`,
  consignmentNumber: (first) => first,
  pointKinds: ['locker', 'shop', 'post_office'],
};

/** Worldwide express carrier: needs a customs invoice whenever a shipment crosses a customs border. */
export const globex: SandboxProfile = {
  identifier: 'globex',
  name: 'Globex Worldwide',
  capabilities: { supports: WITH_COLLECTIONS, zplNative: false, perPackageTracking: true, options: [...COMMON_OPTIONS, 'duties_paid'] },
  customsOnBorder: true,
  services: [
    { name: 'Globex Express Worldwide', code: 'GXEX', origins: '*', destinations: '*', maxParcelWeightKg: 70 },
    { name: 'Globex Economy Worldwide', code: 'GXEC', origins: '*', destinations: '*', maxParcelWeightKg: 70 },
  ],
  trackingNumber: () => `1Z${letter()}${letter()}${digits(14)}`,
  consignmentNumber: () => `GX${digits(10)}`,
};

/** Low-cost road carrier with a strict weight limit: refuses heavier parcels with a reason. */
export const parcelink: SandboxProfile = {
  identifier: 'parcelink',
  name: 'Parcelink',
  capabilities: { supports: [...SANDBOX_SUPPORTS, 'service_points'], zplNative: false, perPackageTracking: true, options: [] },
  customsOnBorder: false,
  services: [
    { name: 'Parcelink Standard', code: 'PLST', origins: EU_AND_GB, destinations: EU_AND_GB, maxParcelWeightKg: 10 },
    { name: 'Parcelink Economy', code: 'PLEC', origins: EU_AND_GB, destinations: EU_AND_GB, maxParcelWeightKg: 10 },
  ],
  trackingNumber: () => `PL${digits(14)}`,
  consignmentNumber: () => `PLC${digits(10)}`,
  pointKinds: ['shop', 'depot'],
};

export const SANDBOX_PROFILES: readonly SandboxProfile[] = [generic, swiftpost, globex, parcelink];
