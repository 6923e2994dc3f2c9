export { DhlExpressDouble } from './dhl.double';
export type { DhlDoubleAccount, DhlDoubleEvent } from './dhl.double.state';
/** The labels the doubles hand out, for tests that render them without booking. */
export { label as dhlDoubleLabel } from './dhl.double.routes';
