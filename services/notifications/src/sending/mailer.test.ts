import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classify, fileMailer } from './mailer';
import { maskAddress, unsubscribeKeys, unsubscribeToken, verifyToken, addressHash } from '../unsubscribe/unsubscribe.token';

describe('mail server answers', () => {
  it('retries 4xx and outages, gives up on 5xx, and keeps no address in the detail', () => {
    expect(classify({ responseCode: 451, response: '451 4.7.1 <ada@example.com>: greylisted' })).toMatchObject({ permanent: false, detail: '451 4.7.1 <address>: greylisted' });
    expect(classify({ responseCode: 550, response: '550 5.1.1 ada@example.com unknown' })).toMatchObject({ permanent: true, detail: '550 5.1.1 <address> unknown' });
    expect(classify({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toMatchObject({ permanent: false, detail: 'ECONNECTION: connect ECONNREFUSED 127.0.0.1:25' });
  });
});

describe('the demo mailer', () => {
  it('writes each message whole to DATA_DIR/mail as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'waybill-mail-'));
    try {
      await fileMailer(join(dir, 'mail')).send('ada@example.com', {
        from: { name: 'Shop', address: 'shipping@shop.example' }, subject: 'Your order is on its way', text: 'Hello', html: '<p>Hello</p>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, messageId: '<11111111-2222-4333-8444-555555555555@shop.example>',
      });
      const [file] = await readdir(join(dir, 'mail'));
      expect(file).toMatch(/-11111111-2222-4333-8444-555555555555\.eml$/);
      const eml = await readFile(join(dir, 'mail', file), 'utf8');
      expect(eml).toMatch(/^To: ada@example\.com\r$/m);
      expect(eml).toMatch(/^Subject: Your order is on its way\r$/m);
      expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('unsubscribe tokens and addresses', () => {
  const keys = unsubscribeKeys('secret');
  const id = '11111111-2222-4333-8444-555555555555';

  it('verifies only the token it signed', () => {
    const token = unsubscribeToken(keys, id);
    expect(verifyToken(keys, token)).toBe(id);
    expect(verifyToken(unsubscribeKeys('other secret'), token)).toBeUndefined();
    expect(verifyToken(keys, token.replace(id, '11111111-2222-4333-8444-555555555556'))).toBeUndefined();
    expect(verifyToken(keys, 'nonsense')).toBeUndefined();
  });

  it('hashes an address the same in any case, and masks it for lists', () => {
    expect(addressHash(keys, ' Ada@Example.com ')).toBe(addressHash(keys, 'ada@example.com'));
    expect(addressHash(keys, 'ada@example.com')).not.toContain('ada');
    expect(maskAddress('ada.lovelace@example.co.uk')).toBe('a***@e***.uk');
    expect(maskAddress('x@localhost')).toBe('x***@l***');
  });
});
