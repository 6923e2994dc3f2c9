export { createTestDatabase, createTemplateDatabase, usingRealServers, type TestDatabase } from './databases';
export { eventually } from './poll';
export { readPdf, type PdfPage } from './pdf/read-pdf';
export { createTestBus, createTestJobs, deleteRedisKeys } from './platform';
export { watchStackEvents, deleteStackQueues, type EventWatch } from './stack-events';
export { rawAnswer, type RawAnswer } from './raw-answer';
export { ROOT, builtEntry, freePort, startProcess, waitForReady, startServiceProcess, type Proc, type ServiceProcess } from './processes';
export { signPush, pushSignatureValid, sendPush, trackingBody, type PushEvent, type PushResult } from './tracking-push';
export { RETURNING_RECIPIENT, RETURNABLE_ITEMS } from './returns';
