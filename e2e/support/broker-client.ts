// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { ask, stackTemplate, type BrokerLease, type BrokerTemplate } from '@waybill/testing/stacks';
