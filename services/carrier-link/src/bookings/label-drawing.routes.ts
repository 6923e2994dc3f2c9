import { Router } from 'express';
import { labelDrawing, type Address, type LabelDrawingRequest } from '@waybill/carriers';
import { allowOnly, InvalidError, NotFoundError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function drawingInput(body: unknown): LabelDrawingRequest {
  const b = isObject(body) ? body : {};
  const errors: Record<string, string[]> = {};
  for (const k of ['carrier', 'service'] as const) if (typeof b[k] !== 'string' || b[k] === '') errors[k] = ['This field is required.'];
  for (const k of ['origin', 'destination'] as const) {
    const a = isObject(b[k]) ? b[k] : {};
    for (const f of ['postcode', 'country']) if (typeof a[f] !== 'string') errors[`${k}.${f}`] = ['This field is required.'];
  }
  if (!Array.isArray(b.tracking_numbers) || b.tracking_numbers.length === 0 || !b.tracking_numbers.every((t) => typeof t === 'string')) {
    errors.tracking_numbers = ['Expected a list of one tracking number per package.'];
  }
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { carrier: b.carrier as string, service: b.service as string, origin: b.origin as unknown as Address, destination: b.destination as unknown as Address, tracking_numbers: b.tracking_numbers as string[] };
}

/**
 * Internal, for the documents service: how to draw a consignment's labels for a carrier whose labels
 * Waybill draws (those needing no account), or `{"drawn_by_waybill": false}` for a carrier whose labels
 * are its own, stored at booking. 404 for a carrier this deployment does not know, 400 for its unknown service.
 */
export function labelDrawingRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/carrier-label-designs', ['POST']);
  r.post('/carrier-label-designs', (req, res) => {
    const input = drawingInput(req.body);
    const key = input.carrier.trim().toLowerCase();
    const open = deps.openCarriers?.find(key);
    if (!open) {
      const known = [...deps.adapters.values()].some((a) => a.identifier === key || a.name.toLowerCase() === key);
      if (!known) throw new NotFoundError();
      return void res.json({ drawn_by_waybill: false });
    }
    const drawing = labelDrawing(open, input);
    if (!drawing) throw InvalidError.field('service', `${open.name} has no service "${input.service}".`);
    res.json(drawing);
  });
  return r;
}
