/** The console's only way to the platform: the public API through the gateway, with the session's rights. */
export interface SessionInfo {
  company: string;
  user: string;
  csrf_token: string;
}

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body: unknown) {
    super(message);
  }
}

let current: SessionInfo | null = null;
export const session = (): SessionInfo | null => current;

async function request(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (current && method !== 'GET') headers['x-csrf-token'] = current.csrf_token;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const text = await res.text();
  let parsed: any = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (res.status === 401 && current && !url.endsWith('/api/session')) {
    current = null;
    window.dispatchEvent(new Event('console:signed-out'));
  }
  if (res.status >= 400) throw new ApiError(res.status, parsed?.detail ?? `The request failed (${res.status}).`, parsed);
  return { status: res.status, body: parsed };
}

export async function restore(): Promise<SessionInfo | null> {
  try {
    current = (await request('GET', '/console/api/session')).body;
  } catch {
    current = null;
  }
  return current;
}

export async function signIn(username: string, password: string): Promise<SessionInfo> {
  current = (await request('POST', '/console/api/session', { username, password })).body;
  return current!;
}

export async function signOut(): Promise<void> {
  await request('DELETE', '/console/api/session').catch(() => undefined);
  current = null;
}

function companyUrl(path: string): string {
  if (!current) throw new ApiError(401, 'Not signed in.', null);
  return `/console/api/company/${encodeURIComponent(current.company)}${path}`;
}

export const api = {
  get: (path: string) => request('GET', companyUrl(path)),
  post: (path: string, body: unknown = {}) => request('POST', companyUrl(path), body),
  patch: (path: string, body: unknown) => request('PATCH', companyUrl(path), body),
  put: (path: string, body: unknown) => request('PUT', companyUrl(path), body),
  /** The URL of a company path, for what the browser loads itself (a frame). */
  url: (path: string) => companyUrl(path),
  del: (path: string) => request('DELETE', companyUrl(path)),
};

/** `next` links are public API URLs; the console keeps their query (cursor and filters) on its own path. */
export function cursorQuery(next: string | null): string | null {
  return next ? new URL(next, location.href).search : null;
}
