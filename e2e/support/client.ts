// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { client, type ApiResponse, type Auth } from '@waybill/testing/stacks';
