import type { CarrierLinkDeps } from '../deps';
import type { PollConfig } from './poll.config';

/** What the poller needs besides the service's usual deps. */
export interface PollerDeps extends CarrierLinkDeps {
  polling: PollConfig;
  /** Called after a commit that wrote events, so the outbox relay publishes them without waiting. */
  afterCommit: () => void;
}
