import { randomBytes } from 'node:crypto';
import { SecretBox } from '@waybill/internal-auth';
import { CarrierLinkHarness } from '../test-support';
import { resealCredentials } from './account.reseal';
import { sealContext } from './account.mapper';

it('re-seals every account under a new DATA_ENCRYPTION_KEY, and a repeated run changes nothing', async () => {
  const h = await CarrierLinkHarness.start({});
  try {
    const api = h.api(`co-${randomBytes(4).toString('hex')}`);
    const credentials = { client_id: 'id-rot', client_secret: 'secret-rot', account_number: 'R0T4T3' };
    const { identifier } = (await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', credentials })).body;
    const oldBox = new SecretBox(h.encryptionKey);
    const newBox = new SecretBox(randomBytes(32));
    const db = h.db();
    try {
      expect(await resealCredentials(db.db, oldBox, newBox)).toEqual({ resealed: 1, already: 0 });
      const row = await db.db.selectFrom('carrier_accounts').select('credentials_sealed').where('id', '=', identifier).executeTakeFirstOrThrow();
      expect(JSON.parse(newBox.open(row.credentials_sealed, sealContext(identifier)))).toEqual(credentials);
      expect(() => oldBox.open(row.credentials_sealed, sealContext(identifier))).toThrow();
      expect(await resealCredentials(db.db, oldBox, newBox)).toEqual({ resealed: 0, already: 1 });
      await expect(resealCredentials(db.db, oldBox, new SecretBox(randomBytes(32)))).rejects.toThrow();
    } finally {
      await db.close();
    }
  } finally {
    await h.close();
  }
});
