// The process helpers live in @waybill/testing (integration tests start services as processes too).
export { ROOT, builtEntry, startProcess, waitForReady, type Proc } from '@waybill/testing';
