import { cachingResolver, checkWebhookUrl, resolveWebhookTarget, UrlRefusedError, type Resolver } from './url-guard';
import { ipv6Bytes, refusalReason } from './ip-ranges';

/** A resolver that answers from a fixed table, as DNS would for these names. */
function fakeDns(table: Record<string, string[]>): Resolver {
  return async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const dns = fakeDns({
  'hooks.example.com': ['93.184.216.34'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'localhost': ['127.0.0.1', '::1'],
  'empty.example.com': [],
});
const guarded = { allowPrivate: false, resolve: dns };
const open = { allowPrivate: true, resolve: dns };

async function refusal(url: string, policy = guarded): Promise<string> {
  try {
    await checkWebhookUrl(url, policy);
  } catch (err) {
    if (err instanceof UrlRefusedError) return err.message;
    throw err;
  }
  return 'accepted';
}

describe('webhook URL guard', () => {
  it('accepts https URLs of hosts that resolve only to public addresses', async () => {
    expect(await refusal('https://hooks.example.com/waybill?x=1')).toBe('accepted');
    expect(await refusal('https://v6.example.com:8443/in')).toBe('accepted');
    expect(await refusal('https://93.184.216.34/hook')).toBe('accepted');
    expect(await refusal('https://[2606:2800:220:1:248:1893:25c8:1946]/hook')).toBe('accepted');
  });

  it('refuses plain http and other schemes, credentials and junk', async () => {
    expect(await refusal('http://hooks.example.com/')).toBe('Only https:// URLs are accepted.');
    expect(await refusal('ftp://hooks.example.com/')).toBe('Only https:// URLs are accepted.');
    expect(await refusal('https://user:pw@hooks.example.com/')).toMatch(/Credentials in the URL/);
    expect(await refusal('not a url')).toBe('Enter a valid URL.');
  });

  it.each([
    ['https://127.0.0.1/', /loopback/],
    ['https://127.9.9.9/', /loopback/],
    ['https://0x7f.1/', /loopback/],
    ['https://2130706433/', /loopback/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://10.0.0.5/', /private/],
    ['https://172.16.0.1/', /private/],
    ['https://172.31.255.255/', /private/],
    ['https://192.168.1.1/', /private/],
    ['https://100.64.0.1/', /carrier-grade NAT/],
    ['https://100.127.255.254/', /carrier-grade NAT/],
    ['https://169.254.10.10/', /link-local/],
    ['https://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['https://224.0.0.1/', /multicast/],
    ['https://255.255.255.255/', /reserved/],
    ['https://[::1]/', /loopback/],
    ['https://[::]/', /unspecified/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[fc00::1]/', /unique-local/],
    ['https://[fd12:3456::1]/', /unique-local/],
    ['https://[fd00:ec2::254]/', /cloud metadata/],
    ['https://[::ffff:127.0.0.1]/', /loopback address \(embedded in an IPv6 address\)/],
    ['https://[::ffff:a00:1]/', /private address \(embedded/],
    ['https://[0:0:0:0:0:ffff:a9fe:a9fe]/', /cloud metadata address \(embedded/],
    ['https://[64:ff9b::c0a8:101]/', /private address \(embedded/],
    ['https://[2002:7f00:1::]/', /loopback address \(embedded/],
    ['https://[ff02::1]/', /multicast/],
  ])('refuses %s', async (url, why) => {
    expect(await refusal(url)).toMatch(why);
  });

  it('does not mistake public neighbours of private ranges for private ones', () => {
    for (const a of ['100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.167.255.255', '169.253.0.1', '11.0.0.1', '::ffff:93.184.216.34', '64:ff9b::5db8:d822', '2002:5db8:d822::1']) {
      expect([a, refusalReason(a)]).toEqual([a, undefined]);
    }
  });

  it('resolves names and refuses any private answer, even one among public ones', async () => {
    expect(await refusal('https://internal.example.com/')).toBe('Only public addresses are accepted: "internal.example.com" resolves to 10.1.2.3, a private address.');
    expect(await refusal('https://mixed.example.com/')).toMatch(/resolves to 192\.168\.1\.10/);
    expect(await refusal('https://metadata.example.com/')).toMatch(/cloud metadata/);
    expect(await refusal('https://localhost:8443/')).toMatch(/loopback/);
    expect(await refusal('https://nowhere.example.com/')).toMatch(/could not be resolved \(ENOTFOUND\)/);
    expect(await refusal('https://empty.example.com/')).toMatch(/has no address/);
  });

  it('lets the operator allow private targets and plain http (WEBHOOK_ALLOW_PRIVATE)', async () => {
    expect(await refusal('http://127.0.0.1:3000/hook', open)).toBe('accepted');
    expect(await refusal('https://internal.example.com/', open)).toBe('accepted');
    expect(await refusal('ftp://127.0.0.1/', open)).toBe('Enter an http:// or https:// URL.');
  });

  it('returns the checked address, which the delivery connection is pinned to', async () => {
    expect(await resolveWebhookTarget(new URL('https://hooks.example.com/'), guarded)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await resolveWebhookTarget(new URL('https://[2606:2800:220:1:248:1893:25c8:1946]/'), guarded))
      .toEqual({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
  });

  it('sees a name rebound to a private address at delivery time', async () => {
    const table: Record<string, string[]> = { 'rebind.example.com': ['93.184.216.34'] };
    const policy = { allowPrivate: false, resolve: fakeDns(table) };
    await checkWebhookUrl('https://rebind.example.com/', policy);
    table['rebind.example.com'] = ['127.0.0.1'];
    await expect(resolveWebhookTarget(new URL('https://rebind.example.com/'), policy)).rejects.toThrow(/loopback/);
  });

  it('expands IPv6 text forms to bytes', () => {
    expect(ipv6Bytes('::1')).toEqual([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('::ffff:1.2.3.4').slice(10)).toEqual([0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('2001:db8::8:800:200c:417a')).toEqual([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 8, 8, 0, 0x20, 0x0c, 0x41, 0x7a]);
  });
});

describe('the cached resolver', () => {
  const counting = (table: Record<string, string[]>) => {
    const calls: string[] = [];
    const inner = fakeDns(table);
    return { calls, resolve: (host: string) => { calls.push(host); return inner(host); } };
  };

  it('looks a name up once per period, shares a lookup in progress, and looks it up again after', async () => {
    let t = 0;
    const dnsTable: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'] };
    const inner = counting(dnsTable);
    const cached = cachingResolver(inner.resolve, 30_000, 100, () => t);
    const [a, b] = await Promise.all([cached('hooks.example.com'), cached('hooks.example.com')]);
    expect(a).toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(b).toEqual(a);
    t = 29_999;
    await cached('hooks.example.com');
    expect(inner.calls).toEqual(['hooks.example.com']);
    // Rebound to a private address: the next lookup sees it, and the guard refuses it.
    dnsTable['hooks.example.com'] = ['10.0.0.5'];
    t = 30_000;
    await expect(resolveWebhookTarget(new URL('https://hooks.example.com/x'), { allowPrivate: false, resolve: cached })).rejects.toThrow('10.0.0.5');
    expect(inner.calls).toEqual(['hooks.example.com', 'hooks.example.com']);
  });

  it('keeps no failure, and no more names than its limit', async () => {
    const inner = counting({ 'a.example.com': ['93.184.216.1'], 'b.example.com': ['93.184.216.2'] });
    const cached = cachingResolver(inner.resolve, 30_000, 1, () => 0);
    await expect(cached('nowhere.example.com')).rejects.toThrow('ENOTFOUND');
    await expect(cached('nowhere.example.com')).rejects.toThrow('ENOTFOUND');
    await cached('a.example.com');
    await cached('b.example.com');
    await cached('a.example.com');
    expect(inner.calls).toEqual(['nowhere.example.com', 'nowhere.example.com', 'a.example.com', 'b.example.com', 'a.example.com']);
  });
});
