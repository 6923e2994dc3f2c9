import type { Request, Response } from 'express';

export const COOKIE_NAME = 'waybill_console';
export const CSRF_HEADER = 'x-csrf-token';

export function readSessionCookie(req: Request): string | undefined {
  for (const part of (req.header('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === COOKIE_NAME) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** HttpOnly keeps the cookie from scripts; SameSite=Strict keeps it off cross-site requests. */
export function writeSessionCookie(req: Request, res: Response, value: string, maxAgeSeconds: number): void {
  const attrs = [`${COOKIE_NAME}=${value}`, 'Path=/console', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (req.secure) attrs.push('Secure');
  res.append('Set-Cookie', attrs.join('; '));
}
