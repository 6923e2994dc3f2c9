export { createTestDatabase, usingRealServers, type TestDatabase } from './databases';
export { eventually } from './poll';
export { createTestBus, createTestJobs, deleteRedisKeys } from './platform';
export { watchStackEvents, deleteStackQueues, type EventWatch } from './stack-events';
