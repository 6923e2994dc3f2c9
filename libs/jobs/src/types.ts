/** Work that runs later or retries on a schedule. One interface; BullMQ (distributed) and inline adapters. */
export interface JobOptions {
  /** Deduplication: a job with the id of a waiting/active/delayed job is not added twice. */
  jobId?: string;
  delayMs?: number;
  /** Total attempts including the first. Default 5. */
  attempts?: number;
  /** Base delay of the jittered exponential backoff. Default 1000 ms. */
  backoffMs?: number;
  /** Trace context to continue in the worker. */
  trace?: { traceparent?: string; tracestate?: string };
}

export interface Job<T = unknown> {
  id: string;
  queue: string;
  name: string;
  data: T;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

export interface WorkerOptions {
  concurrency?: number;
  /** Called once a job has failed for good (attempts exhausted or a PermanentJobError). */
  onFailed?: (job: Job, error: Error) => Promise<void>;
}

export interface JobDriver {
  enqueue<T>(queue: string, name: string, data: T, opts?: JobOptions): Promise<void>;
  work<T>(queue: string, handler: JobHandler<T>, opts?: WorkerOptions): Promise<void>;
  isHealthy(): boolean;
  /**
   * Shutting down: workers stop taking jobs and the running ones finish (while the service's pools are
   * still open); enqueueing keeps working until `close`.
   */
  stopWorkers(): Promise<void>;
  /** Stops taking new jobs, waits for running ones to finish, then disconnects. */
  close(): Promise<void>;
}

/** Thrown by a handler when retrying cannot help (maps to BullMQ's UnrecoverableError). */
export class PermanentJobError extends Error {}
