// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { deliveryOptions, NORWAY, norwayRule, plainWednesday, addDays, GB_RECIPIENT } from '@waybill/testing/stacks';
