import { existsSync, readFileSync } from 'node:fs';
import { bareForward, type ForwardWork } from './bare-forwarder';

/**
 * The bare forwarder in a process of its own, as the dispatcher runs in one, so both sides of the
 * webhooks benchmark have the receivers' process to themselves. Once loaded it prints `ready` and waits
 * for the JSON file named by BARE_FORWARDER_WORK (targets, events, in flight per endpoint) to appear, so
 * its start-up is not in the measurement; it prints `published <epoch ms>` when it starts sending, and
 * once every POST has been answered it stays until the file is removed, so its CPU time and memory can be
 * read while it is alive.
 */
async function main(): Promise<void> {
  process.stdout.write('ready\n');
  while (!existsSync(process.env.BARE_FORWARDER_WORK!)) await new Promise((r) => setTimeout(r, 2));
  const work = JSON.parse(readFileSync(process.env.BARE_FORWARDER_WORK!, 'utf8')) as ForwardWork;
  let announced = false;
  await bareForward(work.targets, work.events, work.perEndpoint, () => {
    if (announced) return;
    announced = true;
    process.stdout.write(`published ${performance.timeOrigin + performance.now()}\n`);
  });
  while (existsSync(process.env.BARE_FORWARDER_WORK!)) await new Promise((r) => setTimeout(r, 5));
}

void main().then(() => process.exit(0), (err) => {
  process.stderr.write(`bare forwarder failed: ${err?.stack ?? err}\n`);
  process.exit(1);
});
