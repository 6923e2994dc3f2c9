/** What the DHL Express double remembers: accounts, shipments, pickups and checkpoint events. */
export interface DhlDoubleAccount {
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
}

export interface DhlDoubleEvent {
  typeCode: string;
  description: string;
  at: Date;
  location?: string;
  signedBy?: string;
}

export interface DhlDoubleShipment {
  shipmentTrackingNumber: string;
  pieces: string[];
  accountNumber: string;
  productCode: string;
  pickup?: string;
  events: DhlDoubleEvent[];
}

export class DhlDoubleState {
  readonly accounts = new Map<string, DhlDoubleAccount>();
  readonly shipments = new Map<string, DhlDoubleShipment>();
  readonly pickups = new Map<string, { cancelled: boolean }>();
  private serial = 1_000_000;

  next(): number {
    return ++this.serial;
  }

  shipmentOf(number: string): DhlDoubleShipment | undefined {
    return this.shipments.get(number) ?? [...this.shipments.values()].find((s) => s.pieces.includes(number));
  }
}
