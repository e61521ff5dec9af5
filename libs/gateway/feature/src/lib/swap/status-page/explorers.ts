import type { Network } from '@swap/domain';

/** URL templates of one network's block explorer: `{tx}` and `{address}` are filled in; null: no link. */
export interface ExplorerTemplates {
  tx: string | null;
  address: string | null;
}

export type Explorers = Readonly<Record<Network, ExplorerTemplates>>;

/** Mainnet explorers. Monero's hide addresses by design, so its addresses get no link. */
export const DEFAULT_EXPLORERS: Explorers = {
  BTC: { tx: 'https://mempool.space/tx/{tx}', address: 'https://mempool.space/address/{address}' },
  LTC: { tx: 'https://litecoinspace.org/tx/{tx}', address: 'https://litecoinspace.org/address/{address}' },
  XMR: { tx: 'https://xmrchain.net/tx/{tx}', address: null },
  TRX: { tx: 'https://tronscan.org/#/transaction/{tx}', address: 'https://tronscan.org/#/address/{address}' },
  ETH: { tx: 'https://etherscan.io/tx/{tx}', address: 'https://etherscan.io/address/{address}' },
  SOL: { tx: 'https://solscan.io/tx/{tx}', address: 'https://solscan.io/account/{address}' },
  AVAX: { tx: 'https://snowtrace.io/tx/{tx}', address: 'https://snowtrace.io/address/{address}' },
};

/** Whether `template` may be an explorer template for `placeholder`: an http(s) URL that has it. */
export function isExplorerTemplate(template: string, placeholder: '{tx}' | '{address}'): boolean {
  if (!template.includes(placeholder)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(template.replaceAll(placeholder, 'x')).protocol);
  } catch {
    return false;
  }
}

/** The explorer's page of a transaction or an address, or null when the network has none. */
export function explorerUrl(explorers: Explorers, network: Network, kind: 'tx' | 'address', value: string) {
  const template = explorers[network][kind];
  return template === null ? null : template.replaceAll(`{${kind}}`, encodeURIComponent(value));
}
