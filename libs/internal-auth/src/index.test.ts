import jwt from 'jsonwebtoken';
import { InternalAuthError, InternalTokenSigner, signInternalToken, verifyInternalToken } from './index';

const SECRET = 'internal-secret-for-tests';
const who = { company: 'acme', principal: 'token:1' };

describe('internal tokens', () => {
  it('verifies a token it signed, for its audience only', () => {
    const token = signInternalToken(SECRET, 'consignment', who);
    expect(verifyInternalToken(SECRET, 'consignment', token)).toEqual(who);
    expect(() => verifyInternalToken(SECRET, 'manifest', token)).toThrow(InternalAuthError);
  });

  it('refuses a token signed with another secret, a tampered one and an expired one', () => {
    expect(() => verifyInternalToken(SECRET, 'consignment', signInternalToken('another-secret', 'consignment', who))).toThrow(InternalAuthError);
    const [h, , s] = signInternalToken(SECRET, 'consignment', who).split('.');
    const forged = Buffer.from(JSON.stringify({ ...who, company: 'other', aud: 'consignment', iss: 'waybill-internal' })).toString('base64url');
    expect(() => verifyInternalToken(SECRET, 'consignment', `${h}.${forged}.${s}`)).toThrow(InternalAuthError);
    const expired = jwt.sign({ ...who, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET, { algorithm: 'HS256', audience: 'consignment', issuer: 'waybill-internal' });
    expect(() => verifyInternalToken(SECRET, 'consignment', expired)).toThrow(/expired/);
  });

  it('interoperates with tokens made from the plain string secret (services a version apart)', () => {
    const plain = jwt.sign(who, SECRET, { algorithm: 'HS256', audience: 'consignment', issuer: 'waybill-internal', expiresIn: 60 });
    expect(verifyInternalToken(SECRET, 'consignment', plain)).toEqual(who);
    const ours = new InternalTokenSigner(SECRET).sign('consignment', who);
    expect(jwt.verify(ours, SECRET, { algorithms: ['HS256'], audience: 'consignment' })).toMatchObject(who);
  });
});
