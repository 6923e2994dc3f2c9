/**
 * The carrier model: what every service may know of a carrier (its types, the registry that finds one
 * by name, the normalised tracking statuses and the capability names). No adapter, no outbound client:
 * those live in `@waybill/carriers`, which only carrier-link loads.
 */
export * from './carrier';
export * from './tracking';
export * from './capabilities';
export type { CarrierPickups, PickupBooking, PickupRequest } from './pickups';
export type { CarrierServicePoint, CarrierServicePoints, OpeningHours, ServicePointQuery, ServicePointType } from './service-points';
export * from './rating';
export { crossesCustomsBorder, customsTerritory, isEuCountry, EU_COUNTRIES } from './customs';
export { CarrierRegistry, serviceId, type RegisteredCarrier } from './registry';
export type { CarrierLabels, LabelDesign, LabelDrawing, LabelDrawingRequest, RoutingInput, RoutingSymbology } from './labels';
