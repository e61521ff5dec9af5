import { BlockList, isIP } from 'node:net';

/** A key's IP whitelist (CIDRs or single addresses). An empty list allows every address. */
export class IpWhitelist {
  private readonly list = new BlockList();
  private readonly empty: boolean;

  constructor(entries: readonly string[]) {
    this.empty = entries.length === 0;
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
  }

  allows(ip: string): boolean {
    if (this.empty) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const address = mapped ? mapped[1] : ip;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    return this.list.check(address, family);
  }
}

/** Validates one whitelist entry ("203.0.113.7", "10.0.0.0/8", "2001:db8::/32"). */
export function isValidCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
