import { readFileSync } from 'node:fs';
import express from 'express';

/**
 * The baseline of HTTP benchmarks: a bare express endpoint that parses the JSON body and answers a
 * fixed JSON document (FIXED_BODY_FILE), in its own process as the measured service is.
 */
const answer = JSON.parse(readFileSync(process.env.FIXED_BODY_FILE!, 'utf8'));
const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use(express.json({ limit: '5mb' }));
app.all(/.*/, (_req, res) => {
  res.json(answer);
});
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
