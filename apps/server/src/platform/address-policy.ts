import { BlockList, isIP } from 'node:net';

/** Addresses a server-side fetch of a user-given URL may reach. Tests inject their own. */
export type AddressPolicy = (address: string) => boolean;

const ipv4Refused: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's 100.100.100.200 metadata)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const ipv6Refused: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID ...)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of ipv4Refused) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of ipv6Refused) refused.addSubnet(network, prefix, 'ipv6');

function hextets(address: string): number[] | null {
  const [head = '', tail] = address.toLowerCase().split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let left = parse(head);
  let right = tail === undefined ? [] : parse(tail);
  // A dotted IPv4 tail (::ffff:127.0.0.1) stands for the last two hextets.
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!part.includes('.')) return [part];
      const bytes = part.split('.').map(Number);
      return [(((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)).toString(16), (((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0)).toString(16)];
    });
  left = expand(left);
  right = expand(right);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => Number.parseInt(part, 16));
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The IPv4 address an IPv6 address carries and routes to: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
export function embeddedIpv4(address: string): string | null {
  const parts = hextets(address);
  if (!parts) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = parts;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0) && (g !== 0 || h > 1)) return ipv4From(g, h);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return ipv4From(g, h);
  if (a === 0x2002) return ipv4From(b, c);
  return null;
}

/** True only for a globally routable unicast address: the default policy of the URL import. */
export const isPublicAddress: AddressPolicy = (address) => {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return !refused.check(bare, 'ipv4');
  if (version !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return !refused.check(inner, 'ipv4');
  return !refused.check(bare, 'ipv6');
};
