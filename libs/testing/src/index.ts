export { createTestDatabase, usingRealServers, type TestDatabase } from './databases';
export { eventually } from './poll';
export { createTestBus, createTestJobs } from './platform';
export { watchStackEvents, type EventWatch } from './stack-events';
