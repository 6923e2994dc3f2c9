// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { startCarrierDoubles, type CarrierDoubles } from '@waybill/testing/stacks';
