import { credentialErrors, maskCredential, maskCredentials, type CredentialKey } from './accounts';

const KEYS: CredentialKey[] = [
  { name: 'client_id', required: true, secret: false, description: 'id' },
  { name: 'client_secret', required: true, secret: true, description: 'secret' },
  { name: 'region', required: false, secret: false, description: 'optional' },
];

describe('credential declarations', () => {
  it('names a missing required key and an unknown key', () => {
    expect(credentialErrors(KEYS, { client_id: 'abc', colour: 'red' })).toEqual({
      'credentials.colour': ['Unknown credential key "colour"; expected client_id, client_secret, region.'],
      'credentials.client_secret': ['This field is required.'],
    });
  });

  it('accepts a complete set, and a partial one for a change', () => {
    expect(credentialErrors(KEYS, { client_id: 'a', client_secret: 'b' })).toEqual({});
    expect(credentialErrors(KEYS, { client_secret: 'new' }, { partial: true })).toEqual({});
  });

  it('refuses values that are not non-empty strings, and a non-object', () => {
    expect(credentialErrors(KEYS, { client_id: 5, client_secret: ' ' })).toEqual({
      'credentials.client_id': ['Expected a non-empty string.'],
      'credentials.client_secret': ['Expected a non-empty string.'],
    });
    expect(credentialErrors(KEYS, ['x'])).toEqual({ credentials: ['Expected an object of credential values.'] });
  });

  it('masks values to their last 4 characters', () => {
    expect(maskCredential('sk_live_1234abcd')).toBe('****abcd');
    expect(maskCredential('abc')).toBe('****');
    expect(maskCredentials({ a: '123456', b: '12' })).toEqual({ a: '****3456', b: '****' });
  });
});
