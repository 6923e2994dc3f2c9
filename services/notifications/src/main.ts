import { runService } from '@waybill/runtime';
import { startNotificationsService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('notifications', (rt) => startNotificationsService(rt));
