import { classifyAddress, isPublicAddress } from './address-policy';

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', 'unicast'],
    ['93.184.216.34', 'unicast'],
    ['1.1.1.1', 'unicast'],
    ['2606:4700:4700::1111', 'unicast'],
    ['2a00:1450:4001:82a::200e', 'unicast'],
    ['::ffff:8.8.8.8', 'unicast'],
  ])('allows public %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    // IPv4
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv6
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['fec0::1', 'deprecatedSiteLocal'],
    // IPv4-mapped forms reach the IPv4 address, so they inherit its range.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    // Forms that embed an arbitrary IPv4 address.
    ['::127.0.0.1', 'ipv4Compatible'],
    ['::8.8.8.8', 'ipv4Compatible'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::1', '6to4'],
    ['2001::1', 'teredo'],
    // Not an address at all.
    ['localhost', 'invalid'],
    ['', 'invalid'],
    ['999.1.1.1', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });
});
