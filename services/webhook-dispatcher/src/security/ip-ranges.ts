import { BlockList, isIP } from 'node:net';

/**
 * Address ranges a webhook must never reach unless the operator allows private targets: anything
 * that is not a globally routable unicast address (RFC 6890 special-purpose registries), with cloud
 * metadata addresses named so the refusal says why.
 */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const V6: Array<[string, number, string]> = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::', 96, 'an IPv4-compatible address'],
  ['64:ff9b:1::', 48, 'a local NAT64 address'],
  ['100::', 64, 'a discard address'],
  ['2001::', 23, 'a reserved address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['fc00::', 7, 'a unique-local address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
];

const lists = [...V4.map(([a, p, why]) => ({ why, list: block(a, p, 'ipv4') })), ...V6.map(([a, p, why]) => ({ why, list: block(a, p, 'ipv6') }))];

function block(address: string, prefix: number, type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  list.addSubnet(address, prefix, type);
  return list;
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad expanded). */
export function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

/** IPv4 address carried inside an IPv6 one (mapped, NAT64 or 6to4), which is what really gets reached. */
function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12).join('.');
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12).join('.');
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6).join('.');
  return undefined;
}

/** Why an address may not be a webhook target, or undefined for a public unicast address. */
export function refusalReason(address: string): string | undefined {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 0) return 'not an IP address';
  if (METADATA.has(address.toLowerCase())) return 'a cloud metadata address';
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) {
      const inner = refusalReason(v4);
      return inner && `${inner} (embedded in an IPv6 address)`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find((l) => l.list.check(address.replace(/%.*$/, ''), type))?.why;
}
