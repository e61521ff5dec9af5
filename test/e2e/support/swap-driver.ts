import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devnetDeposit, devnetMine } from '@swap/contracts';
import { CurrencyCode, Network, SwapStatus } from '@swap/domain';
import { SwapClient, SwapOrder } from '@swap/sdk';
import { repoRoot, Stack } from '@swap/stack';

const run = promisify(execFile);

/** A valid destination for each currency (mainnet formats, D8). */
export const ADDRESSES: Record<CurrencyCode, string> = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  LTC: 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea',
  XMR: '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
  TRX: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  SOL: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  AVAX: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  USDTTRC: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  USDTERC: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
};

/** What a suite of real swaps does to a stack: devnet deposits and blocks, swapctl, waiting on a status. */
export class SwapDriver {
  constructor(
    private readonly stack: Stack,
    private readonly api: SwapClient,
  ) {}

  deposit(currency: CurrencyCode, address: string, amount: string) {
    return this.stack.call(devnetDeposit, { currency, address, amount });
  }

  mine(network: Network, blocks = 1) {
    return this.stack.call(devnetMine, { network, blocks });
  }

  /** swapctl, as an operator runs it, against this stack's bus; its --json output parsed. */
  async swapctl(...args: string[]) {
    const { stdout } = await run(process.execPath, [join(repoRoot(), 'bin/swapctl.js'), ...args, '--json'], {
      env: { ...process.env, NATS_URL: this.stack.natsUrl },
    });
    return JSON.parse(stdout);
  }

  /** Polls the status endpoint until the swap is in `status` (or fails with the swap and the logs). */
  async reach(id: string, status: SwapStatus, client = this.api, timeoutMs = 30_000): Promise<SwapOrder> {
    const deadline = Date.now() + timeoutMs;
    let order = await client.status(id);
    while (order.status !== status) {
      if (Date.now() > deadline)
        throw new Error(
          `swap ${id} is ${order.status}, not ${status}: ${JSON.stringify(order)}\n${this.stack.logs()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 150));
      order = await client.status(id);
    }
    return order;
  }

  /** Polls the status endpoint until `done` holds of the order (or fails with it and the logs). */
  async until(id: string, what: string, done: (order: SwapOrder) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const order = await this.api.status(id);
      if (done(order)) return order;
      if (Date.now() > deadline)
        throw new Error(`${id}: ${what}: ${JSON.stringify(order)}\n${this.stack.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
