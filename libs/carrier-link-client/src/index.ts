export { CarrierLinkClient, CARRIER_LINK, type AccountCarrier, type BookingAnswer, type CancelAnswer, type ManifestAnswer, type StoredLabels } from './carrier-link.client';
export { LinkedCarrier } from './linked-carrier';
export { LinkedCarriers, type CompanyLinkedCarriers } from './linked-carriers';
