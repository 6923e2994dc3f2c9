export { createApp, BODY_LIMIT } from './app';
export { errorMiddleware, notFoundHandler } from './error-middleware';
export * from './errors';
export { mountHealth, type ReadinessCheck } from './health';
export { requireInternalAuth, principalOf, publicPrefix } from './internal-auth';
export { assertValid } from './validate';
export { listen, closeServer } from './server';
export type { ServiceRuntime, RunningService } from './runtime';
export { allowOnly } from './method-not-allowed';
