// The carrier model, re-exported for the adapters' own users (carrier-link, the doubles, the conformance suite).
export * from '@waybill/carrier-model';
export { sandboxRegistry } from './sandbox/registry';
export { SandboxCarrier, SANDBOX_EMBARGO_POSTCODE, type SandboxProfile } from './sandbox/sandbox-carrier';
export { SANDBOX_PROFILES } from './sandbox/profiles';
export * from './outbound';
export * from './accounts';
export * from './ups';
export * from './royalmail';
export * from './dhl-express';
export * from './images';
export { nextPollAt, POLL_FIRST_MS, POLL_MAX_INTERVAL_MS, POLL_GIVE_UP_MS, DEFAULT_POLL_SCHEDULE, type PollState, type PollSchedule } from './polling';
export { pollInBatches, pollCallsPerHour, type DueNumber, type PollRound } from './poll-batches';
export { PUSH_TOKEN_KEY_PURPOSE, newWebhookCredentials, secretMatches, basicCredentials, PushTokens, type WebhookCredentials, type IssuedToken } from './push-auth';
export { realCarrierAdapters, type RealCarrierOptions } from './real-carriers';
export { declarationOf, realCarrierDeclarations, type CarrierCredentialDeclaration } from './declarations';
export { labelDrawing } from './drawing/label-drawing';
export * as addressKit from './kit/address';
