// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { domesticConsignment } from '@waybill/testing/stacks';
