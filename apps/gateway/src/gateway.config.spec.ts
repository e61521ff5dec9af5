import { ConfigError, parseConfig } from '@swap/service-kit';
import { gatewayConfigSchema } from './gateway.config';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  NATS_URL: 'nats://127.0.0.1:4222',
  SECRETS_KEY: '11'.repeat(32),
};

const trustProxy = (value: string | undefined) =>
  parseConfig(gatewayConfigSchema, { ...BASE, TRUST_PROXY: value }).TRUST_PROXY;

function problems(value: string): string[] {
  try {
    parseConfig(gatewayConfigSchema, { ...BASE, TRUST_PROXY: value });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('gateway config: TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('trusts the last N hops, or the listed proxies', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
  });

  it('refuses to trust every hop, and names what is not an address', () => {
    expect(problems('true')).toEqual([
      expect.stringMatching(/^TRUST_PROXY: trusting every hop lets a client/),
    ]);
    expect(problems('10.0.0.0/33,ingress')).toEqual([
      'TRUST_PROXY: not an IP address or CIDR: 10.0.0.0/33, ingress',
    ]);
  });
});
