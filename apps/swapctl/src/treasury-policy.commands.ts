import { InvalidArgumentError, type Command } from 'commander';
import {
  FREEZE_SCOPES,
  treasuryApprove,
  treasuryFreeze,
  treasuryReject,
  treasuryUnfreeze,
  type FreezeScopeName,
  type SigningFreezeView,
  type TransferView,
} from '@swap/contracts';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { unwrap, type OpsBus } from './ops-bus';
import { amount, time } from './output';

export const approveTransfer = async (bus: OpsBus, transferId: string) =>
  unwrap(await bus.request(treasuryApprove, { transferId }));

export const rejectTransfer = async (bus: OpsBus, transferId: string, reason: string) =>
  unwrap(await bus.request(treasuryReject, { transferId, reason }));

export const freezeSigning = async (bus: OpsBus, network: FreezeScopeName, reason?: string) =>
  unwrap(await bus.request(treasuryFreeze, { network, ...(reason ? { reason } : {}) }));

export const unfreezeSigning = async (bus: OpsBus, network: FreezeScopeName) =>
  unwrap(await bus.request(treasuryUnfreeze, { network }));

/** `ETH`, `eth` or `all`. */
export function parseFreezeScope(value: string): FreezeScopeName {
  const scope = FREEZE_SCOPES.find((s) => s.toUpperCase() === value.toUpperCase());
  if (!scope) throw new InvalidArgumentError(`expected all or a network: ${FREEZE_SCOPES.join(', ')}`);
  return scope;
}

/** A reason an operator gives: not empty, at most 500 characters. */
export function parseReason(value: string): string {
  const reason = value.trim();
  if (reason.length === 0 || reason.length > 500)
    throw new InvalidArgumentError('a reason of 1 to 500 characters');
  return reason;
}

const what = (t: TransferView) =>
  `${t.kind} of ${amount(t.amount, t.currency)} to ${t.to}${t.swapId ? ` (swap ${t.swapId})` : ''}`;

export function formatApproved(t: TransferView): string {
  const next =
    t.state === 'PLANNED' ? 'it is signed and sent next' : `it is ${t.state}${t.txid ? ` (${t.txid})` : ''}`;
  return `transfer ${t.id} approved: ${what(t)}; ${next}\n`;
}

export function formatRejected(t: TransferView): string {
  return `transfer ${t.id} rejected: ${what(t)}; ${t.failure ?? 'failed'}; its swap goes FAILED\n`;
}

export function formatFreezes(freezes: readonly SigningFreezeView[]): string {
  if (freezes.length === 0) return 'signing is not frozen: the treasury signs on every network\n';
  const lines = freezes.map(
    (f) =>
      `  ${f.scope === 'all' ? 'all networks' : f.scope} since ${time(Math.floor(f.since / 1000))}${f.reason ? ` (${f.reason})` : ''}`,
  );
  return `signing frozen:\n${lines.join('\n')}\n`;
}

interface ReasonOption extends JsonOption {
  reason?: string;
}

/** The payout policy: held transfers approved or rejected, and the kill switch. */
export function registerPolicyCommands(treasury: Command, ctx: CliContext): void {
  withJsonOption(
    treasury
      .command('approve <transfer-id>')
      .description(
        'let a transfer held above a payout limit go: signed and sent once (see transfers --held)',
      ),
  ).action((id: string, options: JsonOption) =>
    respond(ctx, options, (bus) => approveTransfer(bus, id), formatApproved),
  );

  withJsonOption(
    treasury
      .command('reject <transfer-id>')
      .description('fail a held transfer unsigned: its swap goes FAILED with the reason'),
  )
    .requiredOption('--reason <text>', 'why, as the swap will show it', parseReason)
    .action((id: string, options: Required<ReasonOption>) =>
      respond(ctx, options, (bus) => rejectTransfer(bus, id, options.reason), formatRejected),
    );

  scopedCommand(
    treasury,
    'freeze',
    'stop all signing on a network, or on all, until unfreeze; survives restarts',
  )
    .option('--reason <text>', 'why, for the other operators (readyz, logs)', parseReason)
    .action((network: FreezeScopeName, options: ReasonOption) =>
      respond(ctx, options, (bus) => freezeSigning(bus, network, options.reason), formatFreezes),
    );

  scopedCommand(treasury, 'unfreeze', 'let signing go on: a network, or all (every freeze lifted)').action(
    (network: FreezeScopeName, options: JsonOption) =>
      respond(ctx, options, (bus) => unfreezeSigning(bus, network), formatFreezes),
  );
}

/** freeze and unfreeze: a command on one network or on all, `all` when none is named. */
function scopedCommand(treasury: Command, name: string, description: string): Command {
  return withJsonOption(
    treasury
      .command(name)
      .description(description)
      .argument('[network]', 'a network, or all', parseFreezeScope, 'all'),
  );
}
