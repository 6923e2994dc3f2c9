// Kept in @waybill/testing beside the process helpers that use it.
export { freePort } from '@waybill/testing';
