import { Registry } from 'prom-client';
import type { SigningFreezeRecord } from '@swap/treasury-data';
import { registerPolicyMetrics } from './policy.metrics';

const scrape = async (frozen: SigningFreezeRecord[]) => {
  const registry = new Registry();
  registerPolicyMetrics(registry, { list: async () => frozen });
  return registry.metrics();
};

describe('registerPolicyMetrics', () => {
  it('shows every network, 0 while nothing is frozen', async () => {
    const text = await scrape([]);
    expect(text.match(/^swap_treasury_signing_frozen\{network="\w+"\} 0$/gm)).toHaveLength(7);
  });

  it('shows the frozen network as 1, and every network once all are frozen', async () => {
    const eth = await scrape([{ scope: 'ETH', reason: null, since: 1 }]);
    expect(eth).toContain('swap_treasury_signing_frozen{network="ETH"} 1');
    expect(eth).toContain('swap_treasury_signing_frozen{network="BTC"} 0');

    const all = await scrape([{ scope: 'all', reason: 'incident', since: 1 }]);
    expect(all.match(/^swap_treasury_signing_frozen\{network="\w+"\} 1$/gm)).toHaveLength(7);
  });
});
