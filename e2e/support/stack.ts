// The stack helpers live in @waybill/testing/stacks (benchmarks start stacks too).
export { availableModes, startStack, DEMO, E2E_DATA_ENCRYPTION_KEY, type Mode, type Stack, type StackOptions, type RollFigures } from '@waybill/testing/stacks';
