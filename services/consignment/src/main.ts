import { runService } from '@waybill/runtime';
import { startConsignmentService } from './service';

/** Distributed mode: this service alone, against Postgres, RabbitMQ and Redis from the environment. */
runService('consignment', (rt) => startConsignmentService(rt));
