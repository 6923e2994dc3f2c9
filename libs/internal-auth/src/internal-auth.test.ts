import { signInternalToken, verifyInternalToken, InternalAuthError } from './index';

describe('internal tokens', () => {
  const p = { company: 'acme', principal: 'token:1' };

  it('verifies a token for its audience and secret, again and again', () => {
    const token = signInternalToken('s1', 'consignment', p);
    expect(verifyInternalToken('s1', 'consignment', token)).toEqual(p);
    expect(verifyInternalToken('s1', 'consignment', token)).toEqual(p);
  });

  it('refuses a verified token for another audience or under another secret, and a tampered one', () => {
    const token = signInternalToken('s1', 'consignment', p);
    expect(verifyInternalToken('s1', 'consignment', token)).toEqual(p);
    expect(() => verifyInternalToken('s1', 'delivery-options', token)).toThrow(InternalAuthError);
    expect(() => verifyInternalToken('s2', 'consignment', token)).toThrow(InternalAuthError);
    const [h, body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), company: 'other' })).toString('base64url');
    expect(() => verifyInternalToken('s1', 'consignment', `${h}.${forged}.${sig}`)).toThrow(InternalAuthError);
  });

  it('stops accepting a token once it has expired, even after verifying it', () => {
    jest.useFakeTimers({ now: Date.now() });
    try {
      const token = signInternalToken('s1', 'consignment', p);
      expect(verifyInternalToken('s1', 'consignment', token)).toEqual(p);
      jest.setSystemTime(Date.now() + 61_000);
      expect(() => verifyInternalToken('s1', 'consignment', token)).toThrow(InternalAuthError);
    } finally {
      jest.useRealTimers();
    }
  });
});
