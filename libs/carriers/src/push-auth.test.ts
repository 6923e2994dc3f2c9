import { basicCredentials, newWebhookCredentials, PushTokens, secretMatches } from './push-auth';

describe('carrier push authentication (OAuth client credentials issued by Waybill)', () => {
  it('makes credentials whose secret only its hash is kept of, and checks a secret against it', () => {
    const c = newWebhookCredentials();
    expect(c.clientId).toMatch(/^wbk_[0-9a-f]{24}$/);
    expect(c.secretHash).not.toContain(c.clientSecret);
    expect(secretMatches(c.clientSecret, c.secretHash)).toBe(true);
    expect(secretMatches(`${c.clientSecret}x`, c.secretHash)).toBe(false);
    expect(secretMatches(c.clientSecret, 'plain$abc')).toBe(false);
  });

  it('reads client_secret_basic, a secret holding colons included', () => {
    const header = `Basic ${Buffer.from('wbk_1:se:cret').toString('base64')}`;
    expect(basicCredentials(header)).toEqual({ id: 'wbk_1', secret: 'se:cret' });
    expect(basicCredentials('Bearer x')).toBeUndefined();
    expect(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
  });

  it('issues tokens that verify for their client until they expire, and nothing else verifies', () => {
    let now = 1_000_000;
    const tokens = new PushTokens(Buffer.alloc(32, 7), 3600, () => now);
    const issued = tokens.issue('wbk_1');
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const bearer = `Bearer ${issued.access_token}`;
    expect(tokens.verify(bearer, 'wbk_1')).toBe('wbk_1');
    expect(tokens.verify(bearer)).toBe('wbk_1');
    expect(tokens.verify(bearer, 'wbk_2')).toBeUndefined();
    expect(new PushTokens(Buffer.alloc(32, 8), 3600, () => now).verify(bearer)).toBeUndefined();
    const forged = Buffer.from(JSON.stringify({ c: 'wbk_2', e: 9e9 })).toString('base64url');
    expect(tokens.verify(`Bearer ${forged}.${issued.access_token.split('.')[1]}`)).toBeUndefined();
    now += 3600_000;
    expect(tokens.verify(bearer)).toBeUndefined();
    expect(tokens.verify(undefined)).toBeUndefined();
  });
});
