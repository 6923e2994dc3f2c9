import { CarrierRejection } from '@waybill/carriers';

/** The refusal a carrier call ends with; fails the test when it succeeds or throws anything else. */
export function rejection(p: Promise<unknown>): Promise<CarrierRejection> {
  return p.then(() => { throw new Error('expected a refusal'); }, (e: unknown) => {
    if (!(e instanceof CarrierRejection)) throw e;
    return e;
  });
}

/** After each test: faults cleared, and every request the adapter sent matched the carrier's description. */
export function doubleStaysClean(double: () => { clearFaults(): void; violations: string[] }): void {
  afterEach(() => {
    double().clearFaults();
    expect(double().violations).toEqual([]);
  });
}
