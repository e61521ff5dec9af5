import { readFileSync } from 'node:fs';
import { accountKeyVariables, mnemonicToSeed } from '@swap/chain-keys';
import { NETWORKS } from '@swap/domain';

/**
 * <NETWORK>_XPUB for the services that derive deposit addresses. Taken from the environment when
 * set (production: `swapctl keys xpubs` prints them); otherwise derived here from the devnet's
 * mnemonic, as an operator would, so that only public keys reach the engine and the watchers.
 */
export function accountKeysEnv(mnemonicEnv: Record<string, string>): Record<string, string> {
  const fromEnv = Object.fromEntries(
    NETWORKS.flatMap((n) =>
      process.env[`${n}_XPUB`] ? [[`${n}_XPUB`, String(process.env[`${n}_XPUB`])]] : [],
    ),
  );
  if (Object.keys(fromEnv).length === NETWORKS.length) return fromEnv;
  const mnemonic =
    mnemonicEnv['TREASURY_MNEMONIC'] ?? readFileSync(mnemonicEnv['TREASURY_MNEMONIC_FILE'], 'utf8').trim();
  return { ...accountKeyVariables(mnemonicToSeed(mnemonic)), ...fromEnv };
}
