export * from './types';
export { Queues, type QueueName } from './queues';
export { BullJobDriver, type BullJobDriverOptions } from './bull/bull-job-driver';
export { InlineJobDriver } from './inline/inline-job-driver';
export { jitteredBackoffMs } from './backoff';
export { toBullJobId, fromBullJobId } from './job-id';
export { jobTrace, TRACE_KEY, type TracedJob, type TraceContext } from './job-trace';
