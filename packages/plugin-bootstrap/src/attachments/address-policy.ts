import { IPv6, isValid, parse, parseCIDR } from 'ipaddr.js';

/**
 * The range an IP address belongs to, in ipaddr.js's names ('unicast',
 * 'private', 'loopback', 'linkLocal', 'uniqueLocal', ...), or 'invalid'.
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are classified as the IPv4
 * address they reach; IPv4-compatible ones (::a.b.c.d, deprecated) as
 * 'ipv4Compatible', since some stacks still route them to IPv4.
 */
export function classifyAddress(address: string): string {
  const canonical = canonicalize(address);
  if (canonical === undefined || !isValid(canonical)) return 'invalid';
  const parsed = parse(canonical);
  if (parsed instanceof IPv6) {
    const v6 = parsed;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range();
    if (v6.match(IPV4_COMPATIBLE)) return v6.range() === 'unicast' ? 'ipv4Compatible' : v6.range();
    return v6.range();
  }
  return parsed.range();
}

const IPV4_COMPATIBLE = parseCIDR('::/96');

/**
 * IPv6 text in the WHATWG URL parser's canonical form. ipaddr.js reads
 * '::127.0.0.1' as the mapped '::ffff:127.0.0.1', while the socket treats it
 * as IPv4-compatible '::7f00:1'; canonical hex text removes the ambiguity.
 * The zone id (fe80::1%eth0) is dropped: it does not change the range.
 */
function canonicalize(address: string): string | undefined {
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/**
 * True only for globally routable unicast addresses. Everything else
 * (loopback, private, link-local incl. 169.254.169.254, unique-local,
 * carrier-grade NAT, multicast, broadcast, unspecified, reserved and the
 * IPv6 transition ranges that can embed any IPv4 address: NAT64, 6to4,
 * Teredo) is refused: a deny-by-default list cannot miss a new private range.
 */
export function isPublicAddress(address: string): boolean {
  return classifyAddress(address) === 'unicast';
}
