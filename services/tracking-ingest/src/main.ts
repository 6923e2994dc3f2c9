import { env, loadConfigOrExit } from '@waybill/config';
import { runService } from '@waybill/runtime';
import { startTrackingIngestService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('tracking-ingest', (rt) => {
  // Required here (not in every service): carrier secrets are stored sealed under this key.
  const cfg = loadConfigOrExit({ dataEncryptionKey: env.string('DATA_ENCRYPTION_KEY') });
  return startTrackingIngestService({ ...rt, dataEncryptionKey: cfg.dataEncryptionKey });
});
