export { DhlExpressDouble } from './dhl.double';
export type { DhlDoubleAccount, DhlDoubleEvent } from './dhl.double.state';
