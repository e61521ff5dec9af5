#!/usr/bin/env node
// The one-shot `init` service of docker-compose.yml: what `npm start` makes under .data/ (D10, D11),
// made by the launcher's own code (dist/apps/launcher, under the working directory: /app in the
// image) into the volumes the services mount, one directory each:
//   INIT_TREASURY_DIR/treasury.mnemonic   the BIP39 phrase, made once; the treasury alone mounts it
//   INIT_GATEWAY_DIR/gateway.env          SECRETS_KEY, from secrets.key (made once, kept beside it)
//   INIT_ACCOUNT_KEYS_DIR/account-keys.env  the seven <NETWORK>_XPUB, derived from the phrase each run
// TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE, when set, is the phrase instead (nothing is made then).
// Prints file names only, never what is in them.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const launcher = (name) => require(path.resolve('dist/apps/launcher/src', name));
const { ensureTreasuryMnemonic } = launcher('treasury-mnemonic.js');
const { ensureSecretsKey } = launcher('secrets-key.js');
const { accountKeysEnv } = launcher('account-keys.js');

// Read by `sh` (`. file`) and by env-file readers alike: only values that need no quoting.
const PLAIN_VALUE = /^[A-Za-z0-9+/=:._-]+$/;

function directory(variable) {
  const dir = process.env[variable];
  if (!dir) throw new Error(`set ${variable} to the directory of its volume`);
  return dir;
}

/**
 * Docker makes a new volume owned by root: hand the directories to KEYS_OWNER (the user the
 * services run as) and go on as that user, so what is written here is theirs to read.
 */
function becomeOwner(owner, dirs) {
  if (!owner || process.getuid() !== 0) return;
  const id = (flag) => Number(execFileSync('id', [flag, owner], { encoding: 'utf8' }).trim());
  const [uid, gid] = [id('-u'), id('-g')];
  for (const dir of dirs) {
    fs.chownSync(dir, uid, gid);
    for (const entry of fs.readdirSync(dir)) fs.chownSync(path.join(dir, entry), uid, gid);
  }
  process.setgroups([gid]);
  process.setgid(gid);
  process.setuid(uid);
}

// Like the launcher's treasuryMnemonicEnv: the operator's phrase if given, else the devnet's.
function treasuryMnemonic(dir) {
  const { TREASURY_MNEMONIC: phrase, TREASURY_MNEMONIC_FILE: file } = process.env;
  if (phrase) return { TREASURY_MNEMONIC: phrase };
  if (file) return { TREASURY_MNEMONIC_FILE: file };
  return { TREASURY_MNEMONIC_FILE: ensureTreasuryMnemonic(path.join(dir, 'treasury.mnemonic')) };
}

/** Replaces the file whole, so a service never reads half of it. */
function writeEnvFile(file, variables, mode) {
  const lines = Object.entries(variables).map(([name, value]) => {
    if (!PLAIN_VALUE.test(value)) throw new Error(`${name} has characters an env file would need quoted`);
    return `${name}=${value}\n`;
  });
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, lines.join(''), { mode });
  fs.renameSync(temporary, file);
}

function main() {
  const treasury = directory('INIT_TREASURY_DIR');
  const gateway = directory('INIT_GATEWAY_DIR');
  const accountKeys = directory('INIT_ACCOUNT_KEYS_DIR');
  becomeOwner(process.env.KEYS_OWNER, [treasury, gateway, accountKeys]);
  const mnemonic = treasuryMnemonic(treasury);
  const secretsKey = ensureSecretsKey(path.join(gateway, 'secrets.key'));
  writeEnvFile(path.join(gateway, 'gateway.env'), { SECRETS_KEY: secretsKey }, 0o600);
  writeEnvFile(path.join(accountKeys, 'account-keys.env'), accountKeysEnv(mnemonic), 0o644);
  console.log(
    `init: SECRETS_KEY in ${gateway}/gateway.env, <NETWORK>_XPUB in ${accountKeys}/account-keys.env`,
  );
}

try {
  main();
} catch (err) {
  console.error(`init failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
