import { appendFileSync } from 'node:fs';
import { closeServer, createApp, listen, mountHealth } from '@waybill/http';
import { runService } from '../shutdown';

/**
 * A process shut down by shutdown.int.test.ts: runService on the real servers, holding a slow request,
 * a RabbitMQ message and a BullMQ job for DRAIN_HOLD_MS each, and writing what it did to DRAIN_RECORD.
 */
const HOLD_MS = Number(process.env.DRAIN_HOLD_MS ?? 1500);
const record = (line: string) => appendFileSync(process.env.DRAIN_RECORD!, `${line}\n`);
const hold = () => new Promise((r) => setTimeout(r, HOLD_MS));

runService('consignment', async (rt) => {
  const app = createApp(rt.logger.child({ service: 'drain-fixture' }));
  mountHealth(app, {});
  app.get('/slow', async (_req, res) => {
    record('request-start');
    await hold();
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
