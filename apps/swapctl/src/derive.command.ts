import type { Command } from 'commander';
import { mnemonicToSeed, recoveryKey, type RecoveryKey } from '@swap/chain-keys';
import { addressChainOf, NETWORKS, type Network } from '@swap/domain';
import { CliError, EXIT } from './cli-error';
import type { CliContext, JsonOption } from './command-kit';
import { toJson } from './output';
import { offlineKeyCommand, readMnemonic } from './xpubs.command';

export interface DeriveOptions extends JsonOption {
  mnemonicFile?: string;
  showPrivate?: boolean;
  allowNonTerminal?: boolean;
}

const PRIVATE_KEY_WARNING =
  'warning: the private key below controls the funds of this address; whoever reads it can spend them. ' +
  'Clear the terminal and its history once it is used.\n';

/** What `keys derive` prints: the key itself only when asked for by name. */
export type DerivedKey = Omit<RecoveryKey, 'privateKey' | 'wif'> &
  Partial<Pick<RecoveryKey, 'privateKey' | 'wif'>>;

export function deriveKey(
  mnemonic: string,
  network: string,
  index: string,
  showPrivate: boolean,
  env: NodeJS.ProcessEnv,
): DerivedKey {
  if (!(NETWORKS as readonly string[]).includes(network))
    throw new CliError('BAD_NETWORK', `network must be one of ${NETWORKS.join(', ')}`, EXIT.usage);
  const n = /^\d+$/.test(index) ? Number(index) : NaN;
  if (!Number.isSafeInteger(n) || n >= 0x80000000)
    throw new CliError(
      'BAD_INDEX',
      'index must be an integer from 0 (the hot wallet) to 2^31 - 1',
      EXIT.usage,
    );
  let key: RecoveryKey;
  try {
    key = recoveryKey(
      mnemonicToSeed(mnemonic),
      network as Network,
      n,
      addressChainOf(network as Network, env),
    );
  } catch (err) {
    throw new CliError('MNEMONIC_INVALID', (err as Error).message);
  }
  if (showPrivate) return key;
  const { privateKey: _key, wif: _wif, ...address } = key;
  return address;
}

function human(key: DerivedKey): string {
  const lines = [
    `${key.network} address ${key.index}: ${key.address}`,
    `derivation: ${key.derivation}`,
    ...(key.privateKey ? [`private key (${key.format}): ${key.privateKey}`] : []),
    ...(key.wif ? [`WIF: ${key.wif}`] : []),
    ...(key.privateKey ? [] : ['(add --show-private to print the private key)']),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * Disaster recovery, offline: the key behind any address of the treasury, from the mnemonic. Nothing
 * secret is printed unless --show-private asks for it; no service is asked.
 */
export function registerDeriveCommand(keys: Command, ctx: CliContext): void {
  offlineKeyCommand(
    keys,
    'derive <network> <index>',
    'the address (and with --show-private its key) of index INDEX of NETWORK, offline from the mnemonic',
  )
    .option('--show-private', 'print the private key too (disaster recovery only)')
    .option('--allow-non-terminal', 'with --show-private: print it to a pipe or a file too')
    .action((network: string, index: string, options: DeriveOptions) => {
      if (options.showPrivate === true) {
        // A key piped into a log collector or left in a file outlives the recovery it was for.
        if (!ctx.output.terminal && options.allowNonTerminal !== true)
          throw new CliError(
            'NOT_A_TERMINAL',
            'refusing to print a private key where no terminal shows it (a pipe or a file): run it in a ' +
              'terminal, or add --allow-non-terminal if it must go there',
            EXIT.usage,
          );
        ctx.output.err(PRIVATE_KEY_WARNING);
      }
      const key = deriveKey(readMnemonic(options), network, index, options.showPrivate === true, process.env);
      ctx.output.out(options.json ? toJson(key) : human(key));
    });
}
