import { randomBytes } from 'node:crypto';
import { POD_LINK_LIFETIME_MS, PodUrlSigner } from './pod.url';

const signer = new PodUrlSigner(randomBytes(32));
const issued = new Date('2026-11-22T10:00:00Z');
const parts = (url: string) => {
  const u = new URL(url);
  return { id: decodeURIComponent(u.pathname.split('/').pop()!), expires: u.searchParams.get('expires')!, signature: u.searchParams.get('signature')! };
};

describe('PodUrlSigner', () => {
  const url = signer.url('https://waybill.example.com/', 'doc-1', new Date(issued.getTime() + POD_LINK_LIFETIME_MS));

  it('makes an absolute link under the public base URL', () => {
    expect(url).toMatch(/^https:\/\/waybill\.example\.com\/pod\/v1\/documents\/doc-1\?expires=\d+&signature=[0-9a-f]{64}$/);
  });

  it('accepts the link until 72 hours have passed, then says it expired', () => {
    const { id, expires, signature } = parts(url);
    expect(signer.check(id, expires, signature, issued)).toBe('ok');
    expect(signer.check(id, expires, signature, new Date(issued.getTime() + POD_LINK_LIFETIME_MS - 1000))).toBe('ok');
    expect(signer.check(id, expires, signature, new Date(issued.getTime() + POD_LINK_LIFETIME_MS))).toBe('expired');
  });

  it('refuses a link for another document, a stretched expiry, another key or a missing signature', () => {
    const { id, expires, signature } = parts(url);
    expect(signer.check('doc-2', expires, signature, issued)).toBe('invalid');
    expect(signer.check(id, String(Number(expires) + 3600), signature, issued)).toBe('invalid');
    expect(new PodUrlSigner(randomBytes(32)).check(id, expires, signature, issued)).toBe('invalid');
    expect(signer.check(id, undefined, undefined, issued)).toBe('invalid');
    expect(signer.check(id, expires, ['a'], issued)).toBe('invalid');
  });
});
