import { createLogger } from '@waybill/logger';
import { isDraining, setDraining, type RunningService } from '@waybill/http';
import { stopOnSignal } from './shutdown';

const logger = createLogger('shutdown-test');
const until = (check: () => boolean) => new Promise<void>((resolve) => {
  const t = setInterval(() => { if (check()) { clearInterval(t); resolve(); } }, 5);
});

describe('stopOnSignal: the order of a graceful shutdown', () => {
  afterEach(() => setDraining(false));

  test('readiness off at once, job workers first, services in reverse start order, shared connections last, exit 0', async () => {
    const steps: string[] = [];
    const svc = (name: string): RunningService => ({ name, port: 0, stop: async () => { steps.push(`${name} (draining: ${isDraining()})`); } });
    const exits: number[] = [];
    const stop = stopOnSignal(logger, [svc('consignment'), svc('gateway')], {
      signals: [], exit: (c) => exits.push(c), deadlineMs: 5000,
      before: async () => { steps.push('job workers'); }, after: async () => { steps.push('bus and redis'); },
    });
    await stop('SIGTERM');
    expect(steps).toEqual(['job workers', 'gateway (draining: true)', 'consignment (draining: true)', 'bus and redis']);
    expect(exits).toEqual([0]);
  });

  test('a second signal exits at once with 1, without waiting for the first shutdown', async () => {
    const exits: number[] = [];
    const hung: RunningService = { name: 'slow', port: 0, stop: () => new Promise(() => undefined) };
    const stop = stopOnSignal(logger, [hung], { signals: [], exit: (c) => exits.push(c), deadlineMs: 60_000 });
    void stop('SIGTERM');
    await stop('SIGTERM');
    expect(exits).toEqual([1]);
  });

  test('the deadline exits with 1 when a service does not finish stopping', async () => {
    const exits: number[] = [];
    const hung: RunningService = { name: 'slow', port: 0, stop: () => new Promise(() => undefined) };
    const stop = stopOnSignal(logger, [hung], { signals: [], exit: (c) => exits.push(c), deadlineMs: 200 });
    const started = Date.now();
    void stop('SIGTERM');
    await until(() => exits.length > 0);
    expect(exits).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
