import type { HotWalletBalance } from '@swap/contracts';
import { CURRENCIES, CURRENCY_CODES, fromUnits, type Logger } from '@swap/domain';
import type { ChainNodes } from '../chains/chain-nodes';
import type { TreasuryKeys } from '../keys/treasury-keys';

/** "12.500000" → "12.5"; "3.000" → "3". */
const trimmed = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** D9 `treasury balances`: each currency's hot-wallet address and balance, as the node reports it. */
export class HotBalances {
  constructor(
    private readonly chains: ChainNodes,
    private readonly keys: TreasuryKeys,
    private readonly logger: Logger,
  ) {}

  async execute(): Promise<HotWalletBalance[]> {
    return Promise.all(
      CURRENCY_CODES.map(async (code) => {
        const network = CURRENCIES[code].network;
        const address = this.keys.hotAddress(network);
        try {
          const units = await this.chains.reader(network).balance(address, code);
          return {
            code,
            network,
            address,
            balance: trimmed(fromUnits(units, CURRENCIES[code].chainDecimals)),
          };
        } catch (err) {
          this.logger.warn({ err, code }, 'hot-wallet balance unavailable');
          return { code, network, address, balance: null };
        }
      }),
    );
  }
}
