import type { CarrierLinkClient } from './carrier-link.client';
import { LinkedCarrier } from './linked-carrier';

export interface CompanyLinkedCarriers {
  carriers: LinkedCarrier[];
  /** carrier-link did not answer and nothing was known before: real carriers may be missing from `carriers`. */
  unavailable: boolean;
}

/**
 * The carriers each company can use, from carrier-link's `carriers` (those needing no account included). When carrier-link does
 * not answer, the last answer for the company stands (an account changes rarely); a deployment without
 * carrier-link has none.
 */
export class LinkedCarriers {
  private readonly lastKnown = new Map<string, LinkedCarrier[]>();

  constructor(private readonly client: CarrierLinkClient) {}

  /** Whether this deployment runs carrier-link at all. */
  get deployed(): boolean {
    return this.client.deployed;
  }

  async forCompany(company: string): Promise<CompanyLinkedCarriers> {
    if (!this.client.deployed) return { carriers: [], unavailable: false };
    try {
      const carriers = (await this.client.carriers(company)).map((d) => new LinkedCarrier(this.client, company, d));
      this.lastKnown.set(company, carriers);
      return { carriers, unavailable: false };
    } catch {
      const known = this.lastKnown.get(company);
      return { carriers: known ?? [], unavailable: !known };
    }
  }

  /**
   * A carrier for what carrier-link booked already (cancel, release, manifest), whether or not the
   * company still has the account: its bookings stay cancellable after the account is removed.
   */
  booked(company: string, identifier: string, name = identifier): LinkedCarrier {
    return new LinkedCarrier(this.client, company, { identifier, name });
  }
}
