import { runService } from '@waybill/runtime';
import { startDeliveryOptionsService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('delivery-options', (rt) => startDeliveryOptionsService(rt));
