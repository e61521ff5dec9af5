import type { Logger } from '@swap/domain';
import type { ChainReader } from '../chain-reader';
import type { ChainSender, SenderKeys } from '../chain-sender';
import type { TronConfig } from './tron-config';
import { TronEnergy } from './tron-energy';
import { TronHttp } from './tron-http';
import { TronReader } from './tron-reader';
import { TronSender } from './tron-sender';

export { tronConfig, TRON_GENESIS, MAINNET_USDT_TRC20, type TronConfig } from './tron-config';

/** Reads TRX and USDT TRC-20 from the node at config.rpcUrl. */
export function tronReader(config: TronConfig, logger?: Logger): ChainReader {
  return new TronReader(new TronHttp(config, logger), config);
}

/** Signs with the treasury's keys and broadcasts to the node at config.rpcUrl. */
export function tronSender(config: TronConfig, keys: SenderKeys, logger?: Logger): ChainSender {
  const http = new TronHttp(config, logger);
  return new TronSender(http, config, keys, new TronEnergy(http, config), logger);
}
