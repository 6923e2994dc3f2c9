// Whole stacks for end-to-end suites and benchmarks (`@waybill/testing/stacks`): apart from the package's
// index, so a unit or integration test importing `@waybill/testing` does not load every service.
export { availableModes, startStack, DEMO, E2E_DATA_ENCRYPTION_KEY, type Mode, type Stack, type StackOptions, type RollFigures } from './stack';
export { startCarrierDoubles, type CarrierDoubles } from './carrier-doubles';
export { client, type ApiResponse, type Auth } from './client';
export { domesticConsignment } from './fixtures';
export { deliveryOptions, NORWAY, norwayRule, plainWednesday, addDays, GB_RECIPIENT } from './delivery';
export { ask, stackTemplate, type BrokerLease, type BrokerTemplate } from './broker-client';
