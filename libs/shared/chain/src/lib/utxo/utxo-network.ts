import type { Chain } from '@swap/chain-keys';

export type UtxoNetwork = 'BTC' | 'LTC';
export const UTXO_NETWORKS: readonly UtxoNetwork[] = ['BTC', 'LTC'];

/** How one chain writes addresses: bech32 prefix and base58 version bytes. */
export interface AddressParams {
  hrp: string;
  pubKeyHash: number;
  /** P2SH versions this chain accepts; addresses are written with the first. */
  scriptHash: readonly number[];
}

/**
 * Litecoin writes P2SH with its own version (M…/Q…) but still accepts Bitcoin's (3…/2…), as
 * litecoind's validateaddress does. Test chains share Bitcoin testnet's P2PKH version (m…/n…).
 */
const PARAMS: Readonly<Record<UtxoNetwork, Record<Chain, AddressParams>>> = {
  BTC: {
    mainnet: { hrp: 'bc', pubKeyHash: 0x00, scriptHash: [0x05] },
    testnet: { hrp: 'tb', pubKeyHash: 0x6f, scriptHash: [0xc4] },
    regtest: { hrp: 'bcrt', pubKeyHash: 0x6f, scriptHash: [0xc4] },
  },
  LTC: {
    mainnet: { hrp: 'ltc', pubKeyHash: 0x30, scriptHash: [0x32, 0x05] },
    testnet: { hrp: 'tltc', pubKeyHash: 0x6f, scriptHash: [0x3a, 0xc4] },
    regtest: { hrp: 'rltc', pubKeyHash: 0x6f, scriptHash: [0x3a, 0xc4] },
  },
};

export function addressParams(network: UtxoNetwork, chain: Chain): AddressParams {
  return PARAMS[network][chain];
}

/**
 * Fee rate (sat/vB) below which an output is dust to the node's relay policy: Bitcoin Core's
 * 3, Litecoin Core's 30 (litecoind refuses a 2939-litoshi P2WPKH output, takes 2940).
 */
export const DUST_RELAY_SAT_VB: Readonly<Record<UtxoNetwork, bigint>> = { BTC: 3n, LTC: 30n };
