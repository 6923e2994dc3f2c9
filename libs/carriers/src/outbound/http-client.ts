import { SpanKind, inSpan } from '@waybill/telemetry';
import { createLogger, type Logger } from '@waybill/logger';
import { CircuitBreaker } from './circuit-breaker';
import { AccountRateLimiter } from './rate-limiter';
import { isRetryableStatus, parseRetryAfter, retryDelay, type RetryOptions } from './retry';
import { CarrierCircuitOpen, CarrierNetworkError, CarrierTimeout, CarrierUnavailable, type CarrierCallError } from './errors';
import { outcomeOfStatus, recordCall, type CallOutcome } from './carrier-metrics';
import { currentCarrierCallSink } from './call-scope';

export interface CarrierRequest {
  /** What the call does, e.g. `token`, `ship`, `void`, `track` (a metric label). */
  operation: string;
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  /** Appended to the base URL; logged, so it holds no credential or personal data. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON (an object) or a form (URLSearchParams). */
  body?: object | URLSearchParams;
  /** Safe to send again (token, tracking, void): only these are retried. */
  idempotent: boolean;
  /** The carrier account, for per-account pacing. */
  account: string;
}

export interface CarrierResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
}

export interface CarrierClientOptions {
  carrierName: string;
  /** Metric and log label, the carrier's identifier. */
  carrier: string;
  baseUrl: string;
  timeoutMs: number;
  retry: RetryOptions;
  breaker: CircuitBreaker;
  limiter: AccountRateLimiter;
  /** The carrier's own error code in an error body, for logs. */
  errorCode?: (body: unknown) => string | undefined;
  logger?: Logger;
  fetch?: typeof fetch;
}

let defaultLogger: Logger | undefined;
const carriersLogger = () => (defaultLogger ??= createLogger('carriers'));

/**
 * The one way a carrier adapter talks to its carrier: a timeout on every attempt, retries of safe
 * calls only (429/5xx and failed connections, honouring Retry-After), the carrier's circuit breaker,
 * per-account pacing, a log line per attempt (method, path, status, duration, carrier error code; never
 * headers or bodies), a metric and a span. Answers, errors included, are returned; only calls that got
 * no usable answer throw (a CarrierCallError).
 */
export class CarrierHttpClient {
  private readonly log: Logger;
  private readonly doFetch: typeof fetch;

  constructor(private readonly opts: CarrierClientOptions) {
    this.log = opts.logger ?? carriersLogger();
    this.doFetch = opts.fetch ?? fetch;
  }

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  async send(req: CarrierRequest): Promise<CarrierResponse> {
    const attempts = req.idempotent ? 1 + this.opts.retry.retries : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let answer: CarrierResponse;
      try {
        answer = await this.attempt(req, attempt);
      } catch (err) {
        if (last || !(err instanceof CarrierNetworkError || err instanceof CarrierTimeout)) throw err;
        await sleep(retryDelay(attempt, undefined, this.opts.retry) ?? 0);
        continue;
      }
      if (last || !isRetryableStatus(answer.status)) return this.finish(answer);
      const wait = retryDelay(attempt, parseRetryAfter(answer.headers.get('retry-after')), this.opts.retry);
      if (wait === undefined) return this.finish(answer);
      await sleep(wait);
    }
  }

  /** 5xx answers become CarrierUnavailable; 429 and 4xx are the caller's to read. */
  private finish(answer: CarrierResponse): CarrierResponse {
    if (answer.status >= 500) throw new CarrierUnavailable(this.opts.carrierName, answer.status);
    return answer;
  }

  private async attempt(req: CarrierRequest, attempt: number): Promise<CarrierResponse> {
    const { carrier, carrierName } = this.opts;
    const admitted = this.opts.breaker.admit();
    if (!admitted.ok) {
      recordCall(carrier, req.operation, 'circuit_open', undefined);
      const open = new CarrierCircuitOpen(carrierName, admitted.retryInMs);
      this.capture(req, attempt, 'circuit_open', 0, undefined, open.message);
      throw open;
    }
    await this.opts.limiter.take(`${carrier}:${req.account}`);
    const started = performance.now();
    return inSpan('waybill-carriers', `${carrier} ${req.operation}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': req.method, 'url.path': req.path, 'waybill.carrier': carrier, 'waybill.attempt': attempt },
    }, async (span) => {
      try {
        const answer = await this.exchange(req);
        span.setAttribute('http.response.status_code', answer.status);
        const outcome = outcomeOfStatus(answer.status);
        this.settle(outcome);
        this.report(req, attempt, outcome, started, answer);
        return answer;
      } catch (err) {
        const failure = this.failureOf(err);
        this.settle(failure.outcome);
        this.report(req, attempt, failure.outcome, started, undefined, failure.message);
        throw failure;
      }
    });
  }

  private urlOf(req: CarrierRequest): URL {
    const url = new URL(this.opts.baseUrl + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
    return url;
  }

  private async exchange(req: CarrierRequest): Promise<CarrierResponse> {
    const url = this.urlOf(req);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = req.body.toString();
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    }
    const res = await this.doFetch(url, { method: req.method, headers, body, signal: AbortSignal.timeout(this.opts.timeoutMs), redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }

  private failureOf(err: unknown): CarrierCallError {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return new CarrierTimeout(this.opts.carrierName, this.opts.timeoutMs);
    const cause = (err as { cause?: { code?: string } })?.cause;
    const code = cause?.code ?? 'connection failed';
    const neverSent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
    return new CarrierNetworkError(this.opts.carrierName, code, !neverSent);
  }

  private settle(outcome: CallOutcome): void {
    if (outcome === 'unavailable' || outcome === 'timeout' || outcome === 'network') this.opts.breaker.failure();
    else if (outcome === 'ok') this.opts.breaker.success();
    else this.opts.breaker.release();
  }

  private report(req: CarrierRequest, attempt: number, outcome: CallOutcome, started: number, answer?: CarrierResponse, error?: string): void {
    const seconds = (performance.now() - started) / 1000;
    recordCall(this.opts.carrier, req.operation, outcome, seconds);
    const carrierCode = answer && answer.status >= 400 ? this.opts.errorCode?.(answer.body) : undefined;
    this.capture(req, attempt, outcome, seconds * 1000, answer, error, carrierCode);
    const line = {
      carrier: this.opts.carrier, operation: req.operation, method: req.method, path: req.path, attempt,
      status: answer?.status, outcome, duration_ms: Math.round(seconds * 1000), carrier_code: carrierCode,
    };
    if (outcome === 'ok') this.log.info(line, 'carrier call');
    else this.log.warn(line, 'carrier call failed');
  }

  /** Hands the attempt to the call log of the current scope (carrier-link's); never fails or delays the call. */
  private capture(req: CarrierRequest, attempt: number, outcome: CallOutcome, ms: number, answer?: CarrierResponse, error?: string, carrierCode?: string): void {
    const sink = currentCarrierCallSink();
    if (!sink) return;
    try {
      sink({
        carrier: this.opts.carrier, operation: req.operation, method: req.method, url: this.urlOf(req).toString(), attempt,
        startedAt: new Date(Date.now() - ms), durationMs: Math.round(ms), status: answer?.status ?? null, outcome,
        carrierCode: carrierCode ?? null, error: error ?? null,
        request: req.body instanceof URLSearchParams ? Object.fromEntries(req.body) : req.body, response: answer?.body,
      });
    } catch (err) {
      this.log.warn({ err, carrier: this.opts.carrier, operation: req.operation }, 'carrier call not recorded');
    }
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
