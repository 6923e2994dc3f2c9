import { labelDrawing, sandboxRegistry } from '@waybill/carriers';
import { HttpError } from '@waybill/http';
import type { DocumentsDeps } from '../documents/documents.service';

/**
 * carrier-link as it answers for the sandbox carriers (their labels drawn by Waybill, none stored), in
 * this process: what the documents service's tests print through, without a carrier-link to start.
 */
export function sandboxPort(): DocumentsDeps['carrierLink'] {
  const registry = sandboxRegistry();
  return {
    deployed: true,
    labelDrawing: async (_company, req) => {
      const carrier = registry.find(req.carrier);
      const drawing = carrier && labelDrawing(carrier, req);
      if (!drawing) throw new HttpError(409, `service_id: carrier service "${req.carrier}|${req.service}" cannot print labels here.`);
      return drawing;
    },
    labels: async () => {
      throw new HttpError(409, 'The carrier produced no labels for this consignment.');
    },
  };
}
