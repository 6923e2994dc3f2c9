import { randomBytes } from 'node:crypto';
import { usingRealServers } from '@waybill/testing';
import { consignmentBody, RealCarriersHarness } from '../real-carriers.test-support';

/**
 * A manifest that covers the whole account (Royal Mail Click & Drop) claims what the manifesting account
 * booked, not every Royal Mail consignment of the company: after the company replaces its Royal Mail
 * account, the old account's labelled consignments are not the new account's to manifest. carrier-link
 * runs as its own process against the Royal Mail double, so without the real servers the suite is skipped.
 */
const describeReal = usingRealServers() ? describe : describe.skip;
const RM_NEXT = { apiKey: 'rm-int-key-0002', oba: true };

describeReal('whole-account manifest claims, per Royal Mail account', () => {
  let h: RealCarriersHarness;
  let accounts: Record<string, string>;
  const order = () => `ORD-${randomBytes(3).toString('hex')}`;
  const royalMail = () => h.create(consignmentBody(order(), { service_id: 'Royal Mail|Royal Mail Tracked 24' }));
  const status = async (identifier: string) => (await h.api('get', `/consignment/${identifier}`)).body.current_status.status;
  const storedAccount = async (identifier: string) => (await h.database.db.selectFrom('consignments').select('carrier_account')
    .where('identifier', '=', identifier).executeTakeFirstOrThrow()).carrier_account;
  /** A consignment as booked before the booking account was kept with it. */
  const forgetAccount = (identifier: string) => h.database.db.updateTable('consignments').set({ carrier_account: null }).where('identifier', '=', identifier).execute();
  const claim = (named: string[]) => h.api('post', '/manifest-claims', {
    manifest_id: randomBytes(16).toString('hex'), carrier_id: 'royalmail', warehouse_id: `${h.company}|London`, consignment_ids: named,
  }, 'service:manifest');

  beforeAll(async () => {
    h = await RealCarriersHarness.start();
    accounts = await h.addAccounts();
  });
  afterAll(() => h?.close());
  afterEach(() => expect(h.violations()).toEqual([]));

  it("with the company's only Royal Mail account, also takes its labelled consignments booked before the account was kept", async () => {
    const legacy = await royalMail();
    expect(await storedAccount(legacy.identifier)).toBe(accounts.royalmail);
    await forgetAccount(legacy.identifier);
    const named = await royalMail();
    const res = await claim([named.identifier]);
    expect(res.status).toBe(200);
    expect(res.body.consignments.map((c: { identifier: string }) => c.identifier)).toEqual([named.identifier, legacy.identifier]);
    expect(await status(legacy.identifier)).toBe('Manifested');
  });

  it("after the account is replaced, claims only what the manifesting account booked: the old account's consignments stay as they are", async () => {
    const old = await royalMail();
    const oldLegacy = await royalMail();
    await forgetAccount(oldLegacy.identifier);
    expect((await h.carrierLink('delete', `/carrier-accounts/${accounts.royalmail}`)).status).toBe(204);
    h.rm.addAccount(RM_NEXT);
    const added = await h.carrierLink('post', '/carrier-accounts', { carrier: 'royalmail', name: 'Royal Mail (new)', test_mode: true, credentials: { api_key: RM_NEXT.apiKey } });
    expect(added.status).toBe(201);
    h.companies.invalidate();
    const fresh = await royalMail();
    expect(await storedAccount(fresh.identifier)).toBe(added.body.identifier);

    const res = await claim([fresh.identifier]);
    expect([res.status, res.body.scope]).toEqual([200, 'account']);
    expect(res.body.consignments.map((c: { identifier: string }) => c.identifier)).toEqual([fresh.identifier]);
    expect(await status(fresh.identifier)).toBe('Manifested');
    expect(await status(old.identifier)).toBe('Allocated');
    expect(await status(oldLegacy.identifier)).toBe('Allocated');
  });
});
