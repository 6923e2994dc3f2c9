export { SpanKind, context, trace, type Span, type Context } from '@opentelemetry/api';
export {
  initTracing, addSpanProcessor, flushTracing, currentTraceCarrier, contextFromCarrier, currentTraceId, inSpan,
  type TraceCarrier,
} from './tracing';
export { metricsRegistry, registerGaugeSource, processCounter, processHistogram, metricsHandler, type GaugeSample } from './metrics';
export { captureSpans } from './capture';
