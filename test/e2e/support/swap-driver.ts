import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { devnetDeposit, devnetMine } from '@swap/contracts';
import { CURRENCIES, CurrencyCode, Network, SwapStatus } from '@swap/domain';
import { SwapClient, SwapOrder } from '@swap/sdk';
import { repoRoot, Stack } from '@swap/stack';
import { VALID_ADDRESSES } from '@swap/domain/testing';

const run = promisify(execFile);

/** A valid destination for each currency (mainnet formats, D8). */
export const ADDRESSES = VALID_ADDRESSES;

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
      env: { ...process.env, ...this.stack.busEnv('operator') },
    });
    return JSON.parse(stdout);
  }

  /** Pays a swap what it asks and mines until it is DONE: the deposit's confirmations, then the payout's block. */
  async payToDone(order: SwapOrder, client = this.api): Promise<SwapOrder> {
    const [from, to] = [CURRENCIES[order.from.code], CURRENCIES[order.to.code]];
    await this.deposit(from.code, order.from.address, order.from.amount);
    await this.reach(order.id, 'PENDING', client);
    await this.mine(from.network, from.reqConfirmations);
    await this.reach(order.id, 'SENDING', client);
    await this.mine(to.network);
    return this.reach(order.id, 'DONE', client);
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
