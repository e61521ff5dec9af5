import { Resolver } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
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
  ['::', 96], // unspecified, loopback, and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64: translates into the operator's own IPv4 space
  ['2001::', 32], // Teredo: tunnels to an IPv4 address it hides
  ['fc00::', 7], // unique local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** True for a loopback, private, link-local or otherwise non-public address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const groups = ipv6Groups(address);
  if (groups === null) return true;
  // BlockList checks IPv4-mapped addresses (::ffff:a.b.c.d) by their IPv4 rules itself.
  const carried = carriedIpv4(groups);
  return carried !== null ? blocked.check(carried, 'ipv4') : blocked.check(address, 'ipv6');
}

/**
 * The IPv4 address that a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address reaches: such an
 * address is as private as the one it carries.
 */
function carriedIpv4(groups: number[]): string | null {
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return quad(groups[6], groups[7]);
  if (groups[0] === 0x2002) return quad(groups[1], groups[2]);
  return null;
}

/** The eight 16-bit groups of an IPv6 address; null for a form URL parsing refuses (a zone id). */
function ipv6Groups(address: string): number[] | null {
  let canonical: string;
  try {
    // The URL parser writes an embedded dotted quad as two hex groups, so only hex remains.
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = canonical.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  if (tail === undefined) return groups(head);
  const [left, right] = [groups(head), groups(tail)];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${host} is a loopback, private or link-local address`
        : `${host} resolves to ${address}, a loopback, private or link-local address`,
    );
  }
}

const DNS_TIMEOUT_MS = 3_000;
/**
 * Names are resolved by asking the DNS servers, each query given DNS_TIMEOUT_MS: dns.lookup runs
 * getaddrinfo on libuv's four threads with no timeout, so a few slow names would hold up every
 * other lookup of the process. /etc/hosts is not read: what it names is local anyway.
 */
const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });

/** Every IPv4 and IPv6 address of `host`; fails when it has none. */
export async function resolveHost(host: string): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const addresses = [v4, v6].flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
  if (addresses.length > 0) return addresses;
  throw v4.status === 'rejected' ? v4.reason : new Error(`${host} has no address`);
}

/**
 * A DNS lookup for the HTTP client that refuses private addresses at connection time, so a name
 * that resolved to a public address when the webhook was set cannot be re-pointed inward later
 * (DNS rebinding). A literal address never reaches a lookup: see refusedLiteral.
 */
export function publicOnlyLookup(resolve: (host: string) => Promise<string[]> = resolveHost): LookupFunction {
  return (hostname, options, callback) => {
    const wanted =
      options.family === 'IPv6' || options.family === 6
        ? 6
        : options.family === 'IPv4' || options.family === 4
          ? 4
          : 0;
    resolve(hostname).then(
      (found) => {
        const list = found
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => wanted === 0 || entry.family === wanted);
        const refused = list.find((entry) => isPrivateAddress(entry.address));
        if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
        if (list.length === 0) return callback(new Error(`${hostname} has no IPv${wanted} address`), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
        callback(null, list[0].address, list[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** A URL's host as a lookup or isIP takes it: an IPv6 literal without its brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** The refusal of a URL whose host is a private literal address, which no lookup sees; else null. */
export function refusedLiteral(url: URL): PrivateAddressError | null {
  const host = hostOf(url);
  return isIP(host) !== 0 && isPrivateAddress(host) ? new PrivateAddressError(host, host) : null;
}
