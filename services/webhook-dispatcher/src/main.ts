import { runService } from '@waybill/runtime';
import { startWebhookDispatcherService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('webhook-dispatcher', (rt) => startWebhookDispatcherService(rt));
