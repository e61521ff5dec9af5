#!/usr/bin/env node
// The one-shot `init` service of docker-compose.yml: what `npm start` makes under .data/ (D10, D11),
// made by the launcher's own code (dist/apps/launcher) into the volumes the services mount, one
// directory each:
//   INIT_TREASURY_DIR/treasury.mnemonic   the BIP39 phrase, made once; the treasury alone mounts it
//   INIT_GATEWAY_DIR/gateway.env          SECRETS_KEY, from secrets.key (made once, kept beside it)
//   INIT_NOTIFIER_DIR/notifier.env        WEBHOOK_SECRETS_KEY, the notifier's own, from
//                                        webhook-secrets.key (made once, kept beside it)
//   INIT_ACCOUNT_KEYS_DIR/account-keys.env  the seven <NETWORK>_XPUB, derived from the phrase each run
//   INIT_DATABASE_DIR/postgres.password  PostgreSQL's superuser password, made once; postgres reads
//                                        it, and database-roles.js logs in with it
//   INIT_BUS_DIR/<identity>/<identity>.nk  each bus identity's nkey seed, made once, in a volume of its
//                                        own that only that identity's services mount (operator: swapctl)
//   INIT_NATS_DIR/nats.conf              nats-server's authorization block: those identities alone, each
//                                        with the permissions generated from BUS_ACCESS
// TREASURY_MNEMONIC or TREASURY_MNEMONIC_FILE, when set, is the phrase instead (nothing is made then);
// POSTGRES_PASSWORD, when set, is the password. Prints file names only, never what is in them.
const { randomBytes } = require('crypto');
const fs = require('fs');
const path = require('path');
const { becomeOwner, directory, launcher, library, replaceFile, writeEnvFile } = require('./volume-files');

const { ensureTreasuryMnemonic } = launcher('treasury-mnemonic.js');
const { ensureSecretsKey, ensureWebhookSecretsKey } = launcher('secrets-key.js');
const { accountKeysEnv } = launcher('account-keys.js');
const { busUsers, deployedIdentities, ensureIdentityKeys, serverAuthorization } = library('bus');

// Like the launcher's treasuryMnemonicEnv: the operator's phrase if given, else the devnet's.
function treasuryMnemonic(dir) {
  const { TREASURY_MNEMONIC: phrase, TREASURY_MNEMONIC_FILE: file } = process.env;
  if (phrase) return { TREASURY_MNEMONIC: phrase };
  if (file) return { TREASURY_MNEMONIC_FILE: file };
  return { TREASURY_MNEMONIC_FILE: ensureTreasuryMnemonic(path.join(dir, 'treasury.mnemonic')) };
}

/**
 * The notifier's own key, never the gateway's. Like the launcher's webhookSecretsKeyEnv: webhook
 * secrets stored before it had one were sealed under SECRETS_KEY, so on the run that makes its key
 * beside an existing secrets.key (an upgrade) it also gets that key, as WEBHOOK_SECRETS_OLD_KEY,
 * seals them again at start-up, and the next run leaves the old key out.
 */
function webhookSecretsKeyEnv(notifierDir, gatewayDir) {
  const file = path.join(notifierDir, 'webhook-secrets.key');
  const apiKeyFile = path.join(gatewayDir, 'secrets.key');
  const upgrading = !fs.existsSync(file) && fs.existsSync(apiKeyFile);
  const keys = { WEBHOOK_SECRETS_KEY: ensureWebhookSecretsKey(file) };
  if (upgrading) keys.WEBHOOK_SECRETS_OLD_KEY = fs.readFileSync(apiKeyFile, 'utf8').trim();
  return keys;
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
}

/**
 * As `npm start` makes its bus (prepareBusAuthorization), but each seed in its identity's own volume.
 * The devnet runs here (D10): it is admitted, and the chain users may call it.
 */
function busIdentities(busDir, natsDir) {
  const keys = deployedIdentities({ devnet: true }).map(
    (identity) => ensureIdentityKeys(path.join(busDir, identity), [identity])[0],
  );
  // Public keys and permissions only: readable by nats-server, whichever user it runs as.
  replaceFile(path.join(natsDir, 'nats.conf'), serverAuthorization(busUsers(keys, { devnet: true })), 0o644);
}

function main() {
  const treasury = directory('INIT_TREASURY_DIR');
  const gateway = directory('INIT_GATEWAY_DIR');
  const notifier = directory('INIT_NOTIFIER_DIR');
  const accountKeys = directory('INIT_ACCOUNT_KEYS_DIR');
  const database = directory('INIT_DATABASE_DIR');
  const bus = directory('INIT_BUS_DIR');
  const nats = directory('INIT_NATS_DIR');
  const seeds = deployedIdentities({ devnet: true }).map((identity) => path.join(bus, identity));
  becomeOwner(process.env.KEYS_OWNER, [treasury, gateway, notifier, accountKeys, database, nats, ...seeds]);
  const mnemonic = treasuryMnemonic(treasury);
  // Before secrets.key is made: whether it was there already tells an upgrade.
  writeEnvFile(path.join(notifier, 'notifier.env'), webhookSecretsKeyEnv(notifier, gateway), 0o600);
  const secretsKey = ensureSecretsKey(path.join(gateway, 'secrets.key'));
  writeEnvFile(path.join(gateway, 'gateway.env'), { SECRETS_KEY: secretsKey }, 0o600);
  writeEnvFile(path.join(accountKeys, 'account-keys.env'), accountKeysEnv(mnemonic), 0o644);
  databasePassword(path.join(database, 'postgres.password'));
  busIdentities(bus, nats);
  console.log(
    `init: SECRETS_KEY in ${gateway}/gateway.env, WEBHOOK_SECRETS_KEY in ${notifier}/notifier.env, ` +
      `<NETWORK>_XPUB in ${accountKeys}/account-keys.env, the database password in ${database}/postgres.password, ` +
      `each bus identity's seed in ${bus}/<identity>/<identity>.nk, nats-server's users in ${nats}/nats.conf`,
  );
}

try {
  main();
} catch (err) {
  console.error(`init failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
