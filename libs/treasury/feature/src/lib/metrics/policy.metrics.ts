import type { Registry } from 'prom-client';
import { NETWORKS } from '@swap/domain';
import { scrapeGauge } from '@swap/service-kit';
import type { SigningFreezeRecord } from '@swap/treasury-data';

/**
 * swap_treasury_signing_frozen{network}: 1 while an operator's freeze (of the network, or of all)
 * stops its signing, read from the treasury's schema at each scrape. Held transfers show as
 * swap_transfers{state="HELD"}.
 */
export function registerPolicyMetrics(
  registry: Registry,
  freezes: { list(): Promise<SigningFreezeRecord[]> },
): void {
  scrapeGauge(registry, {
    name: 'swap_treasury_signing_frozen',
    help: "1 while an operator's freeze stops all signing on the network (swapctl treasury freeze), else 0",
    labelNames: ['network'],
    read: async () => {
      const frozen = new Set((await freezes.list()).map((f) => f.scope));
      return NETWORKS.map((network) => ({
        labels: { network },
        value: frozen.has('all') || frozen.has(network) ? 1 : 0,
      }));
    },
  });
}
