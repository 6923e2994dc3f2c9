export * from './catalogue';
export { runtimeFromEnv } from './from-env';
export { stopOnSignal, runService, type ShutdownOptions } from './shutdown';
