import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';

describe.each(availableModes())('carrier accounts through the gateway (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await startStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  it('runs carrier-link as part of the platform: the gateway is ready only with it', async () => {
    const ready = await api.get('/readyz', { auth: 'none' });
    expect(ready.status).toBe(200);
    expect(ready.body.checks['service:carrier-link']).toBe('ok');
    if (stack.processUrls) expect((await fetch(`${stack.processUrls['carrier-link']}/readyz`)).status).toBe(200);
  });
});
