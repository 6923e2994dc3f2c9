import type { Express } from 'express';
import { versionsOf } from './versions';
import { isDraining } from './shutdown';

export type ReadinessCheck = () => Promise<void> | void;

/**
 * `/healthz`: the process is alive, and what runs (version, commit, event contracts: `declareVersions`).
 * `/readyz`: every dependency answers (each check bounded in time); 503 as soon as the process shuts down.
 */
export function mountHealth(app: Express, checks: Record<string, ReadinessCheck>, timeoutMs = 2000): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', ...versionsOf(app.locals.service) });
  });
  app.get('/readyz', async (_req, res) => {
    if (isDraining()) {
      res.status(503).json({ status: 'shutting down', checks: {} });
      return;
    }
    const results: Record<string, string> = {};
    let ok = true;
    await Promise.all(Object.entries(checks).map(async ([name, check]) => {
      try {
        await Promise.race([
          Promise.resolve().then(check),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref()),
        ]);
        results[name] = 'ok';
      } catch (err) {
        ok = false;
        results[name] = `failing: ${(err as Error).message}`;
      }
    }));
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks: results });
  });
}
