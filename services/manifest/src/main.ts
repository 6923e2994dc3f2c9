import { runService } from '@waybill/runtime';
import { startManifestService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('manifest', (rt) => startManifestService(rt));
