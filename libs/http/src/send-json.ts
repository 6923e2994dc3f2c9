import type { ServerResponse } from 'node:http';

/**
 * `res.json` of express (etag off) for a plain node response: the same headers, in the same order and
 * case, so an answer written outside express (a fast lane, the gateway's proxy) reads the same.
 */
export function sendJson(res: ServerResponse, value: unknown): void {
  const text = JSON.stringify(value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text, 'utf8'));
  res.end(text, 'utf8');
}
