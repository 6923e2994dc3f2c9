import type { Stack } from '@waybill/testing/stacks';

/** The stack's company API with its token: `call(method, path, body?)` answers the status and the parsed body. */
export function companyApi(stack: Pick<Stack, 'baseUrl' | 'creds'>) {
  const prefix = `${stack.baseUrl}/_api/v1/company/${stack.creds.company}`;
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const res = await fetch(`${prefix}${path}`, {
      method, headers: { authorization: `token ${stack.creds.apiToken}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}
