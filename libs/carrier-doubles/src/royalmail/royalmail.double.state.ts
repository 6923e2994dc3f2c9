/** What the Royal Mail double remembers: its accounts, orders, manifests and tracking events. */
export interface RmDoubleAccount {
  apiKey: string;
  /** Click & Drop generates labels through the API for business (OBA) accounts only. */
  oba: boolean;
  serviceCodes?: string[];
  tracking?: { clientId: string; clientSecret: string };
}

export interface RmDoubleEvent {
  code: string;
  name: string;
  at: Date;
  location?: string;
  category: string;
}

export interface RmDoubleOrder {
  orderIdentifier: number;
  orderReference?: string;
  apiKey: string;
  createdOn: string;
  printedOn?: string;
  manifestedOn?: string;
  shippedOn?: string;
  trackingNumber: string;
  serviceCode: string;
  postcode?: string;
  events: RmDoubleEvent[];
  signed: boolean;
}

/** The S10 check digit of an 8-digit serial (UPU S10, as Royal Mail's tracked numbers carry). */
export function s10CheckDigit(serial: string): string {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = Array.from(serial).reduce((s, d, i) => s + Number(d) * weights[i], 0);
  const check = 11 - (sum % 11);
  return String(check === 10 ? 0 : check === 11 ? 5 : check);
}

export class RmDoubleState {
  readonly accounts = new Map<string, RmDoubleAccount>();
  readonly orders = new Map<number, RmDoubleOrder>();
  readonly manifests = new Map<number, { apiKey: string; orders: number[]; pdf: string; ready: boolean }>();
  private nextOrder = 100_000;
  private nextSerial = 10_000_000;
  private nextManifest = 1000;

  newOrderId(): number {
    return ++this.nextOrder;
  }

  newTrackingNumber(): string {
    const serial = String(++this.nextSerial % 100_000_000).padStart(8, '0');
    return `TT${serial}${s10CheckDigit(serial)}GB`;
  }

  newManifestNumber(): number {
    return ++this.nextManifest;
  }

  orderOfTracking(number: string): RmDoubleOrder | undefined {
    return [...this.orders.values()].find((o) => o.trackingNumber === number);
  }
}
