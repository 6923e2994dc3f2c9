import { runService } from '@waybill/runtime';
import { startDocumentsService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('documents', (rt) => startDocumentsService(rt));
