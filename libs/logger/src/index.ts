import pino, { type Logger } from 'pino';
import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';

export type { Logger };

/** Per-request context, so every log line of a request carries its request and trace ids. */
export interface LogContext {
  request_id?: string;
  trace_id?: string;
}
export const logContext = new AsyncLocalStorage<LogContext>();

/** Paths never written to logs: credentials and secrets, wherever they appear. */
export const REDACT_PATHS = [
  'authorization', 'password', 'token', 'secret', 'api_key', 'apiKey',
  '*.authorization', '*.password', '*.token', '*.secret', '*.api_key', '*.apiKey',
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
  'req.headers["x-waybill-signature"]',
];

export function createLogger(service: string, opts: { level?: string; pretty?: boolean } = {}): Logger {
  const level = opts.level ?? process.env.LOG_LEVEL ?? 'info';
  const pretty = opts.pretty ?? (process.env.LOG_FORMAT === 'pretty');
  return pino({
    name: service,
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: traceMixin,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  });
}

/** Request ids from the log context; the trace id of the active span, so a log line leads to its trace. */
function traceMixin(): LogContext {
  const span = trace.getActiveSpan();
  const store = logContext.getStore();
  return span ? { ...store, trace_id: span.spanContext().traceId } : { ...store };
}
