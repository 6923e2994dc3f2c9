import type { Stack } from './stack';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export type Auth = 'token' | 'basic' | 'none' | { header: string };

/** A thin HTTP client for the public API, as an integrator would call it. */
export function client(stack: Pick<Stack, 'baseUrl' | 'creds'>, prefix = `/_api/v1/company/${stack.creds.company}`) {
  const authHeader = (auth: Auth): Record<string, string> => {
    if (auth === 'none') return {};
    if (auth === 'token') return { authorization: `token ${stack.creds.apiToken}` };
    if (auth === 'basic') return { authorization: `Basic ${Buffer.from(`${stack.creds.user}:${stack.creds.password}`).toString('base64')}` };
    return { authorization: auth.header };
  };
  async function call<T = any>(method: string, path: string, opts: { body?: unknown; auth?: Auth; headers?: Record<string, string>; raw?: string } = {}): Promise<ApiResponse<T>> {
    const url = path.startsWith('http') ? path : `${stack.baseUrl}${path.startsWith('/_') || path.startsWith('/api') || path.startsWith('/v1') || path.startsWith('/healthz') || path.startsWith('/readyz') || path.startsWith('/metrics') || path.startsWith('/docs') || path.startsWith('/openapi') ? '' : prefix}${path}`;
    const headers: Record<string, string> = { ...authHeader(opts.auth ?? 'token'), ...(opts.headers ?? {}) };
    let payload: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, { method, headers, body: payload });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON; keep text
    }
    return { status: res.status, headers: res.headers, body, text };
  }
  return {
    call,
    get: <T = any>(p: string, o?: { auth?: Auth }) => call<T>('GET', p, o),
    post: <T = any>(p: string, body: unknown, o?: { auth?: Auth; headers?: Record<string, string> }) => call<T>('POST', p, { ...o, body }),
    put: <T = any>(p: string, body: unknown, o?: { auth?: Auth }) => call<T>('PUT', p, { ...o, body }),
    patch: <T = any>(p: string, body: unknown, o?: { auth?: Auth }) => call<T>('PATCH', p, { ...o, body }),
    del: <T = any>(p: string, o?: { auth?: Auth }) => call<T>('DELETE', p, o),
  };
}
