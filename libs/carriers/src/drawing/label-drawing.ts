import type { Carrier, LabelDrawing, LabelDrawingRequest } from '@waybill/carrier-model';

/**
 * The drawing of a carrier's labels for one consignment, from the carrier's label members: carrier-link
 * answers it for the carriers whose labels Waybill draws, and the documents service renders it.
 * Undefined when the carrier has no such service.
 */
export function labelDrawing(carrier: Carrier, req: LabelDrawingRequest): LabelDrawing | undefined {
  const service = carrier.services.find((s) => s.name.toLowerCase() === req.service.trim().toLowerCase());
  if (!service) return undefined;
  const count = req.tracking_numbers.length;
  return {
    drawn_by_waybill: true, carrier: { identifier: carrier.identifier, name: carrier.name }, service,
    design: carrier.labelDesign(service),
    sort_code: carrier.sortCode(req.destination, service),
    routing_codes: req.tracking_numbers.map((trackingNumber, i) => carrier.routingCode({
      service, origin: req.origin, destination: req.destination, trackingNumber, packageNumber: i + 1, packageCount: count,
    })),
    requires_customs: carrier.requiresCustoms(req.origin.country, req.destination.country),
  };
}
