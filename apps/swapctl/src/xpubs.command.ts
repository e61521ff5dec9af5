import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { accountKeyVariables, mnemonicToSeed } from '@swap/chain-keys';
import { CliError, EXIT } from './cli-error';
import { withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { toJson } from './output';

export interface XpubsOptions extends JsonOption {
  mnemonicFile?: string;
}

/** Where the treasury's phrase comes from: the option, then the treasury's own variables, then `npm start`'s. */
export function readMnemonic(options: XpubsOptions, env = process.env, cwd = process.cwd()): string {
  if (!options.mnemonicFile && env['TREASURY_MNEMONIC']) return env['TREASURY_MNEMONIC'];
  const file = options.mnemonicFile ?? env['TREASURY_MNEMONIC_FILE'] ?? join(cwd, '.data/treasury.mnemonic');
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new CliError(
      'MNEMONIC_MISSING',
      `cannot read ${file}: give --mnemonic-file, or set TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE`,
      EXIT.usage,
    );
  }
}

/** D11: the account public keys of every network, as the <NETWORK>_XPUB variables the services read. */
export function accountKeyVariablesOf(mnemonic: string): Record<string, string> {
  try {
    return accountKeyVariables(mnemonicToSeed(mnemonic));
  } catch (err) {
    throw new CliError('MNEMONIC_INVALID', (err as Error).message);
  }
}

/** A `keys` command that derives keys offline from the treasury's phrase: --json and --mnemonic-file. */
export function offlineKeyCommand(keys: Command, usage: string, description: string): Command {
  return withJsonOption(keys.command(usage).description(description)).option(
    '--mnemonic-file <file>',
    'the BIP39 phrase (default: TREASURY_MNEMONIC(_FILE), else .data/treasury.mnemonic)',
  );
}

export function registerXpubsCommand(keys: Command, ctx: CliContext): void {
  offlineKeyCommand(
    keys,
    'xpubs',
    'print <NETWORK>_XPUB for the engine and the watchers, derived locally from the treasury mnemonic (D11)',
  ).action((options: XpubsOptions) => {
    const variables = accountKeyVariablesOf(readMnemonic(options));
    // An env file as it is: `kubectl create secret generic … --from-env-file` takes it directly.
    const lines = Object.entries(variables).map(([name, value]) => `${name}=${value}\n`);
    ctx.output.out(options.json ? toJson(variables) : lines.join(''));
  });
}
