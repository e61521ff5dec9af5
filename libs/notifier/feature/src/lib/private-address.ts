import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * D12: a webhook never reaches the service's own network unless WEBHOOK_ALLOW_PRIVATE=true.
 * Node's own BlockList answers "is this address in one of these ranges" for v4 and v6 (v4-mapped
 * v6 included), which is all this needs; a library such as ipaddr.js would add a dependency for
 * the same table.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** True for a loopback, private, link-local or otherwise non-public address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped ? blocked.check(mapped[1], 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true; // not an address at all: never connect to it
}

export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a loopback, private or link-local address`);
  }
}

/**
 * A DNS lookup for the HTTP client that refuses private addresses at connection time, so a name
 * that resolved to a public address when the webhook was set cannot be re-pointed inward later
 * (DNS rebinding).
 */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction | undefined {
  if (allowPrivate) return undefined;
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
