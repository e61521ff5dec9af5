import type { Command } from 'commander';
import { devnetDeposit, devnetFailPayouts, devnetMine, devnetReorg } from '@swap/contracts';
import type { CurrencyCode, Network } from '@swap/domain';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import {
  collectTxid,
  parseAmount,
  parseBlocks,
  parseCurrencyCode,
  parseDepth,
  parseNetwork,
  parseOnOff,
} from './devnet.arguments';
import { unwrap } from './ops-bus';

interface ReorgOptions extends JsonOption {
  drop: string[];
}

const tipLine = (network: Network, tip: { height: number; hash: string }) =>
  `${network} tip: height ${tip.height}, hash ${tip.hash}\n`;

/** Controls of the simulated chains (D9, D10), served by the devnet. */
export function registerDevnetCommands(program: Command, ctx: CliContext): void {
  const devnet = program.command('devnet').description('the simulated chains of the embedded default (D10)');

  withJsonOption(devnet.command('deposit').description('a deposit from outside that enters the mempool now'))
    .argument('<code>', 'currency, e.g. BTC or USDTERC', parseCurrencyCode)
    .argument('<address>', 'recipient address (mainnet format)')
    .argument('<amount>', 'amount in the currency, e.g. 0.5', parseAmount)
    .action((currency: CurrencyCode, address: string, amount: string, options: JsonOption) =>
      respond(
        ctx,
        options,
        async (bus) => unwrap(await bus.request(devnetDeposit, { currency, address, amount })),
        ({ txid }) => `deposit of ${amount} ${currency} to ${address} is in the mempool: ${txid}\n`,
      ),
    );

  withJsonOption(devnet.command('mine').description('mine blocks now'))
    .argument('<network>', 'network, e.g. ETH', parseNetwork)
    .argument('[n]', 'how many blocks (default 1)', parseBlocks, 1)
    .action((network: Network, blocks: number, options: JsonOption) =>
      respond(
        ctx,
        options,
        async (bus) => unwrap(await bus.request(devnetMine, { network, blocks })),
        (tip) => tipLine(network, tip),
      ),
    );

  withJsonOption(
    devnet.command('fail-payouts').description('make payouts in a currency fail on-chain, or stop'),
  )
    .argument('<code>', 'currency, e.g. USDTTRC', parseCurrencyCode)
    .argument('<on|off>', 'on or off', parseOnOff)
    .action((currency: CurrencyCode, on: boolean, options: JsonOption) =>
      respond(
        ctx,
        options,
        async (bus) => unwrap(await bus.request(devnetFailPayouts, { currency, on })),
        (state) => `payouts of ${state.currency} ${state.on ? 'now fail on-chain' : 'go through again'}\n`,
      ),
    );

  withJsonOption(devnet.command('reorg').description('replace the top blocks, dropping transactions'))
    .argument('<network>', 'network, e.g. BTC', parseNetwork)
    .argument('<depth>', 'blocks to replace (0: only evict --drop from the mempool)', parseDepth)
    .option('--drop <txid>', 'a transaction that vanishes (repeatable)', collectTxid, [])
    .action((network: Network, depth: number, options: ReorgOptions) =>
      respond(
        ctx,
        options,
        async (bus) => unwrap(await bus.request(devnetReorg, { network, depth, drop: options.drop })),
        (tip) => tipLine(network, tip),
      ),
    );
}
