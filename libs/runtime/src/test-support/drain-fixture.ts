import { appendFileSync } from 'node:fs';
import { closeServer, createApp, listen, mountHealth } from '@waybill/http';
import { runService } from '../shutdown';

/**
 * A process shut down by shutdown.int.test.ts: runService on the real servers, holding a slow request,
 * a RabbitMQ message and a BullMQ job for DRAIN_HOLD_MS each, and writing what it did to DRAIN_RECORD.
 */
const HOLD_MS = Number(process.env.DRAIN_HOLD_MS ?? 1500);
const record = (line: string) => appendFileSync(process.env.DRAIN_RECORD!, `${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Work in hand is held until shutdown has begun (a loaded machine may take longer than HOLD_MS to send the
// signal), then for HOLD_MS more, so the request, the message and the job are surely in flight while draining.
const shutdownBegun = new Promise((r) => process.once('SIGTERM', r));
const hold = async (ms = HOLD_MS) => {
  await Promise.race([shutdownBegun, sleep(30_000)]);
  await sleep(ms);
};

runService('consignment', async (rt) => {
  const app = createApp(rt.logger.child({ service: 'drain-fixture' }));
  mountHealth(app, {});
  app.get('/slow', async (_req, res) => {
    record('request-start');
    // Longer than the job and the message: job workers are stopped before the server, and the request must
    // still be in flight when the server starts closing.
    await hold(2 * HOLD_MS);
    record('request-done');
    res.json({ done: true });
  });
  const subscription = await rt.bus.subscribe({
    queue: 'drain.fixture', bindings: ['drain.fixture.held'],
    handler: async (e) => {
      record(`message-start ${e.id}`);
      await hold();
      record(`message-done ${e.id}`);
    },
  });
  await rt.jobs.work('drain-fixture', async (job) => {
    record(`job-start ${job.id}`);
    await hold();
    record(`job-done ${job.id}`);
  });
  const { server, port } = await listen(app, rt.port, rt.host);
  return {
    name: 'drain-fixture', port,
    stop: async () => {
      await closeServer(server);
      await subscription.cancel();
      record('stopped');
    },
  };
});
