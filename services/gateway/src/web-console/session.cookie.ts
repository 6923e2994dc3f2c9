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

/**
 * Whether the browser reached the console over HTTPS: directly, through a TLS-terminating proxy (its
 * X-Forwarded-Proto; a forged one can only make the cookie stricter), or as PUBLIC_BASE_URL says.
 */
export function overHttps(req: Request, publicBaseUrl?: string): boolean {
  const forwarded = req.header('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return req.secure || forwarded === 'https' || Boolean(publicBaseUrl?.startsWith('https:'));
}

/** HttpOnly keeps the cookie from scripts; SameSite=Strict keeps it off cross-site requests. */
export function writeSessionCookie(res: Response, value: string, maxAgeSeconds: number, secure: boolean): void {
  const attrs = [`${COOKIE_NAME}=${value}`, 'Path=/console', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (secure) attrs.push('Secure');
  res.append('Set-Cookie', attrs.join('; '));
}
