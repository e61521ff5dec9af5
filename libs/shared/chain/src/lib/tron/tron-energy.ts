import { TronWeb } from 'tronweb';
import type { CurrencyCode } from '@swap/domain';
import type { TronConfig } from './tron-config';
import type { TronHttp } from './tron-http';
import { big, tronMessage, type TronAccountResourceJson } from './tron-json';
import { stakeForEnergy } from './tron-resources';

const hexOf = (address: string) => TronWeb.address.toHex(address).toLowerCase();
/** An address nobody holds a key to or tokens at (20 bytes of 0x11): a transfer's costliest recipient. */
const NO_HOLDER = TronWeb.address.fromHex(`41${'11'.repeat(20)}`);
const word = (hex41: string) => hex41.slice(2).padStart(64, '0');

/** Energy of USDT transfers on Tron, as the node estimates it, and the stake that would lend it. */
export class TronEnergy {
  constructor(
    private readonly http: TronHttp,
    private readonly config: TronConfig,
  ) {}

  /**
   * Energy a transfer(to, amount) of the USDT contract from `from` takes, with the margin
   * (TRX_ENERGY_MARGIN_PERCENT): wallet/estimateenergy where the node has it (it includes the
   * contract's dynamic energy factor), else triggerconstantcontract's energy_used.
   */
  async forTransfer(from: string, to: string, amount = 1n): Promise<bigint> {
    const body = {
      owner_address: hexOf(from),
      contract_address: this.config.usdtContractHex,
      function_selector: 'transfer(address,uint256)',
      parameter: word(hexOf(to)) + amount.toString(16).padStart(64, '0'),
      visible: false,
    };
    let energy: bigint;
    const estimate = await this.http
      .post<{ energy_required?: string; result?: { result?: boolean } }>('wallet/estimateenergy', body)
      .catch(() => null);
    if (estimate?.result?.result === true && estimate.energy_required !== undefined) {
      energy = big(estimate.energy_required);
    } else {
      const run = await this.http.post<{
        energy_used?: string;
        result?: { result?: boolean; message?: string };
      }>('wallet/triggerconstantcontract', body);
      if (run.result?.result !== true)
        throw new Error(
          `the TRX node could not estimate a USDT transfer: ${tronMessage(run.result?.message)}`,
        );
      energy = big(run.energy_used);
    }
    return (energy * (100n + this.config.energyMarginPercent) + 99n) / 100n;
  }

  /**
   * Energy of a sweep: the transfer from the deposit address to the hot wallet (`route`), as the
   * node simulates it; where it cannot (no route, or an owner the node will not simulate), a
   * transfer from the hot wallet to an address that holds no tokens yet, which costs more than any
   * sweep (it creates the recipient's balance), so the sweep is never short.
   */
  async forSweep(hot: string, route?: { from: string; to: string }): Promise<bigint> {
    if (route) {
      const exact = await this.forTransfer(route.from, route.to).catch(() => null);
      if (exact !== null) return exact;
    }
    return this.forTransfer(hot, NO_HOLDER);
  }

  /**
   * The sun of the hot wallet's stake whose energy pays one sweep of `currency` from a deposit
   * address to it, or null when the hot wallet cannot lend that much now (getcandelegatedmaxsize).
   */
  async stakeToLend(hot: string, currency: CurrencyCode, from?: string): Promise<bigint | null> {
    if (currency !== 'USDTTRC') return null;
    const energy = await this.forSweep(hot, from ? { from, to: hot } : undefined);
    const resources = await this.http.post<TronAccountResourceJson>('wallet/getaccountresource', {
      address: hexOf(hot),
      visible: false,
    });
    const stake = stakeForEnergy(energy, resources);
    if (stake === null) return null;
    const { max_size: max } = await this.http.post<{ max_size?: string }>('wallet/getcandelegatedmaxsize', {
      owner_address: hexOf(hot),
      type: 1,
      visible: false,
    });
    return big(max) >= stake ? stake : null;
  }
}
