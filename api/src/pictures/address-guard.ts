import { BlockList, isIP } from 'node:net';

/**
 * Addresses an import must never reach: the machine itself, private networks, link-local (the clouds' metadata
 * services live there), carrier-grade NAT, documentation, multicast and reserved ranges, in IPv4 and IPv6. IPv6
 * forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
 */
const IPV4_REFUSED: [string, number, string][] = [
  ['0.0.0.0', 8, 'a reserved address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local (metadata) address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
  // Azure's wire server and metadata endpoint sits on a public address.
  ['168.63.129.16', 32, 'a metadata address'],
];
const IPV6_REFUSED: [string, number, string][] = [
  ['::', 128, 'a reserved address'],
  ['::1', 128, 'a loopback address'],
  ['100::', 64, 'a reserved address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['fc00::', 7, 'a private address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a private address'],
  ['ff00::', 8, 'a multicast address'],
];

const lists = new Map<string, BlockList>();
for (const [address, prefix, reason] of IPV4_REFUSED) {
  const list = lists.get(reason) ?? new BlockList();
  list.addSubnet(address, prefix, 'ipv4');
  lists.set(reason, list);
}
for (const [address, prefix, reason] of IPV6_REFUSED) {
  const list = lists.get(reason) ?? new BlockList();
  list.addSubnet(address, prefix, 'ipv6');
  lists.set(reason, list);
}

/** The 16 bytes of an IPv6 address (any textual form Node accepts). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0];
  // A dotted IPv4 tail becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4), if any. */
export function embeddedIpv4(address: string): string | undefined {
  const b = ipv6Bytes(address);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated).
  if (zeros(0, 10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0 && !zeros(12, 16))))
    return v4(12);
  // 64:ff9b::a.b.c.d (NAT64) and 64:ff9b:1::/48 (local NAT64).
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return v4(12);
  // 2002:aabb:ccdd::/48 (6to4).
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/** Why an import may not connect to `address` (an IP address), or undefined when it may. */
export function refusedAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [reason, list] of lists) if (list.check(address.split('%')[0], type)) return reason;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  return inner ? refusedAddress(inner) : undefined;
}
