import { InvalidArgumentError, type Command } from 'commander';
import {
  treasuryBump,
  treasuryCpfp,
  treasuryFillNonce,
  type BumpRequest,
  type CpfpRequest,
  type FillNonceRequest,
  type ReplacementView,
} from '@swap/contracts';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { amount } from './output';

export const bumpTransfer = async (bus: OpsBus, request: BumpRequest) =>
  unwrap(await bus.request(treasuryBump, request));

export const fillNonce = async (bus: OpsBus, request: FillNonceRequest) =>
  unwrap(await bus.request(treasuryFillNonce, request));

export const childPays = async (bus: OpsBus, request: CpfpRequest) =>
  unwrap(await bus.request(treasuryCpfp, request));

interface FeeOption extends JsonOption {
  feeRate?: string;
}

/** `--fee-rate`: a positive whole number (sat/vB or gwei), kept as the exact string. */
export function parseFeeRate(value: string): string {
  if (!/^[1-9]\d{0,11}$/.test(value))
    throw new InvalidArgumentError('fee rate must be a positive whole number');
  return value;
}

export function formatReplacement(view: ReplacementView): string {
  const what = { bump: 'fee bump', 'fill-nonce': 'nonce filler', cpfp: 'CPFP child' }[view.action];
  const lines = [
    `${what} of transfer ${view.transferId} (${view.network}) stored and sent`,
    `  ${view.action === 'cpfp' ? 'parent  ' : 'replaces'} ${view.replaces} (fee ${amount(view.previousFee, view.feeCurrency)})`,
    `  ${view.action === 'cpfp' ? 'child   ' : 'with    '} ${view.txid} (fee ${amount(view.fee, view.feeCurrency)})`,
  ];
  if (view.transfers.length > 1) lines.push(`  carries transfers ${view.transfers.join(', ')}`);
  lines.push(
    view.accepted
      ? view.action === 'cpfp'
        ? '  the node took it; miners now take the payout with its child'
        : '  the node took it; whichever of the two is mined settles the transfer'
      : `  the node did not take it yet (${view.reason ?? 'no reason'}): the treasury keeps sending it`,
  );
  return `${lines.join('\n')}\n`;
}

export function registerReplacementCommands(treasury: Command, ctx: CliContext): void {
  withJsonOption(
    treasury
      .command('bump <transfer-id>')
      .description(
        'replace a stuck transfer by the same payment at a higher fee (BIP125 on BTC/LTC, same nonce on ETH/AVAX)',
      ),
  )
    .option('--fee-rate <n>', 'sat/vB on BTC and LTC, max fee per gas in gwei on ETH and AVAX', parseFeeRate)
    .action((id: string, options: FeeOption) =>
      respond(
        ctx,
        options,
        (bus) =>
          bumpTransfer(bus, { transferId: id, ...(options.feeRate ? { feeRate: options.feeRate } : {}) }),
        formatReplacement,
      ),
    );

  withJsonOption(
    treasury
      .command('fill-nonce <transfer-id>')
      .description(
        "ETH/AVAX: a zero-value transfer to the hot wallet at a stuck transfer's nonce; the transfer fails once it is mined",
      ),
  )
    .option('--fee-rate <n>', 'max fee per gas in gwei', parseFeeRate)
    .action((id: string, options: FeeOption) =>
      respond(
        ctx,
        options,
        (bus) => fillNonce(bus, { transferId: id, ...(options.feeRate ? { feeRate: options.feeRate } : {}) }),
        formatReplacement,
      ),
    );

  withJsonOption(
    treasury
      .command('cpfp <transfer-id>')
      .description(
        "BTC/LTC: a child spending a stuck transfer's change to the hot wallet, paying for both (for nodes that relay no replacement)",
      ),
  )
    .option('--fee-rate <n>', 'sat/vB that parent and child pay together', parseFeeRate)
    .action((id: string, options: FeeOption) =>
      respond(
        ctx,
        options,
        (bus) => childPays(bus, { transferId: id, ...(options.feeRate ? { feeRate: options.feeRate } : {}) }),
        formatReplacement,
      ),
    );
}
