import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** Far deeper than any contract (a consignment body is about six levels), far shallower than the stack. */
export const MAX_JSON_DEPTH = 64;

/** How deep a parsed JSON value nests, counted without recursion and given up past `limit`. */
export function exceedsDepth(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * JSON.parse takes any depth, but the code behind it (blank normalisation, error messages) walks
 * bodies recursively: a 100,000-level body would overflow its stack and answer 500. Refused as the
 * parse error it practically is; for a service that parses its raw body itself (carrier pushes).
 */
export function assertJsonDepth(value: unknown): void {
  if (value !== null && typeof value === 'object' && exceedsDepth(value, MAX_JSON_DEPTH)) {
    throw new HttpError(400, `JSON parse error - nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
}

/** `assertJsonDepth` on every parsed body, once for every service (see createApp). */
export const jsonDepthLimit: RequestHandler = (req, _res, next) => {
  try {
    assertJsonDepth(req.body);
  } catch (err) {
    next(err);
    return;
  }
  next();
};
