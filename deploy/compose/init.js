#!/usr/bin/env node
// The one-shot `init` service of docker-compose.yml: what `npm start` makes under .data/ (D10, D11),
// made by the launcher's own code (dist/apps/launcher, under the working directory: /app in the
// image) into the volumes the services mount, one directory each:
//   INIT_TREASURY_DIR/treasury.mnemonic   the BIP39 phrase, made once; the treasury alone mounts it
//   INIT_GATEWAY_DIR/gateway.env          SECRETS_KEY, from secrets.key (made once, kept beside it)
//   INIT_ACCOUNT_KEYS_DIR/account-keys.env  the seven <NETWORK>_XPUB, derived from the phrase each run
//   INIT_DATABASE_DIR/postgres.password  the database password, made once; postgres reads it
//   INIT_DATABASE_DIR/database.env       DATABASE_URL: INIT_DATABASE_URL with that password in it
// TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE, when set, is the phrase instead (nothing is made then);
// POSTGRES_PASSWORD, when set, is the password; DATABASE_URL, when set, is the URL (an external
// PostgreSQL). Prints file names only, never what is in them.
const { execFileSync } = require('child_process');
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const { URL } = require('url');

const launcher = (name) => require(path.resolve('dist/apps/launcher/src', name));
const { ensureTreasuryMnemonic } = launcher('treasury-mnemonic.js');
const { ensureSecretsKey } = launcher('secrets-key.js');
const { accountKeysEnv } = launcher('account-keys.js');

// Read by `sh` (`. file`): a value with any other character goes in single quotes.
const PLAIN_VALUE = /^[A-Za-z0-9+/=:._-]+$/;

function required(variable, meaning) {
  const value = process.env[variable];
  if (!value) throw new Error(`set ${variable} to ${meaning}`);
  return value;
}

const directory = (variable) => required(variable, 'the directory of its volume');

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

/**
 * The operator's POSTGRES_PASSWORD, else the one made on the first run and kept: PostgreSQL takes
 * it when its data volume is new, and never again.
 */
function databasePassword(file) {
  const given = process.env.POSTGRES_PASSWORD;
  if (given && /[\n\0]/.test(given)) throw new Error('POSTGRES_PASSWORD has a line break');
  if (given) replaceFile(file, `${given}\n`, 0o600);
  else if (!fs.existsSync(file)) replaceFile(file, `${randomBytes(24).toString('hex')}\n`, 0o600);
  // As the postgres image reads it (`$(< file)`): without the final line break.
  return fs.readFileSync(file, 'utf8').replace(/\n+$/, '');
}

// encodeURIComponent leaves !'()*~ as they are; a URL's user-info may hold them, sh may not.
const encodeUserInfo = (text) =>
  encodeURIComponent(text).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The operator's DATABASE_URL (an external PostgreSQL), else the compose database's, password in. */
function databaseUrl(password) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const url = new URL(required('INIT_DATABASE_URL', 'the database URL without its password'));
  url.password = encodeUserInfo(password);
  return url.href;
}

function envLine(name, value) {
  if (PLAIN_VALUE.test(value)) return `${name}=${value}\n`;
  if (/['\n\0]/.test(value)) throw new Error(`${name} has a quote or a line break, which sh would misread`);
  return `${name}='${value}'\n`;
}

/** Replaces the file whole, so a service never reads half of it. */
function replaceFile(file, text, mode) {
  const temporary = `${file}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  fs.renameSync(temporary, file);
}

function writeEnvFile(file, variables, mode) {
  replaceFile(
    file,
    Object.entries(variables)
      .map(([name, value]) => envLine(name, value))
      .join(''),
    mode,
  );
}

function main() {
  const treasury = directory('INIT_TREASURY_DIR');
  const gateway = directory('INIT_GATEWAY_DIR');
  const accountKeys = directory('INIT_ACCOUNT_KEYS_DIR');
  const database = directory('INIT_DATABASE_DIR');
  becomeOwner(process.env.KEYS_OWNER, [treasury, gateway, accountKeys, database]);
  const mnemonic = treasuryMnemonic(treasury);
  const secretsKey = ensureSecretsKey(path.join(gateway, 'secrets.key'));
  writeEnvFile(path.join(gateway, 'gateway.env'), { SECRETS_KEY: secretsKey }, 0o600);
  writeEnvFile(path.join(accountKeys, 'account-keys.env'), accountKeysEnv(mnemonic), 0o644);
  const password = databasePassword(path.join(database, 'postgres.password'));
  writeEnvFile(path.join(database, 'database.env'), { DATABASE_URL: databaseUrl(password) }, 0o600);
  console.log(
    `init: SECRETS_KEY in ${gateway}/gateway.env, <NETWORK>_XPUB in ${accountKeys}/account-keys.env, ` +
      `the database password in ${database}/postgres.password, DATABASE_URL in ${database}/database.env`,
  );
}

try {
  main();
} catch (err) {
  console.error(`init failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
