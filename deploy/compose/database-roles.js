#!/usr/bin/env node
// The one-shot `database-roles` service of docker-compose.yml, once PostgreSQL is up: what `npm start`
// does to its embedded PostgreSQL at every start (README, "Database roles"), with the launcher's own
// code (prepareServiceRoles): one role per service that keeps data, owning its schema and granted
// nothing else, made or brought back (schemas made before by the superuser are handed over), their
// passwords made once and kept in INIT_DATABASE_DIR/roles.json (mode 0600). Then each service's own
// DATABASE_URL, in a volume that only that service mounts (every watcher the watchers' one):
//   INIT_SERVICE_DATABASE_DIR/<service>/<service>-database.env
// It logs in as INIT_SUPERUSER_URL with init's INIT_DATABASE_DIR/postgres.password. An external
// PostgreSQL instead: DATABASE_URL for every service, <SERVICE>_DATABASE_URL (GATEWAY_DATABASE_URL, …,
// WATCHER_DATABASE_URL) for one, as for `npm start`; its roles are the operator's to make, and nothing
// connects here. Prints file names only, never what is in them.
const fs = require('fs');
const path = require('path');
const { URL } = require('url');
const { becomeOwner, directory, launcher, library, required, writeEnvFile } = require('./volume-files');

const { prepareServiceRoles } = launcher('database-roles.js');
const { SERVICE_DATABASES, serviceDatabaseUrlVariable } = library('persistence');

// encodeURIComponent leaves !'()*~ as they are; a URL's user-info may hold them, sh may not.
const encodeUserInfo = (text) =>
  encodeURIComponent(text).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The superuser's URL with init's password in it, as the postgres image read the file: no final line break. */
function superuserUrl(credentials) {
  const url = new URL(required('INIT_SUPERUSER_URL', "PostgreSQL's superuser URL without its password"));
  const password = fs.readFileSync(path.join(credentials, 'postgres.password'), 'utf8').replace(/\n+$/, '');
  url.password = encodeUserInfo(password);
  return url.href;
}

/** Like the launcher's databaseUrls: the operator's URLs where given, else a role of its own each. */
async function serviceUrls(credentials) {
  const own = Object.fromEntries(
    SERVICE_DATABASES.flatMap(({ service }) => {
      const url = process.env[serviceDatabaseUrlVariable(service)];
      return url ? [[service, url]] : [];
    }),
  );
  const external = process.env.DATABASE_URL;
  if (external || Object.keys(own).length === SERVICE_DATABASES.length) {
    const shared = Object.fromEntries(SERVICE_DATABASES.map(({ service }) => [service, external]));
    return { ...shared, ...own };
  }
  const made = await prepareServiceRoles(superuserUrl(credentials), path.join(credentials, 'roles.json'));
  return { ...made, ...own };
}

async function main() {
  const credentials = directory('INIT_DATABASE_DIR');
  const root = directory('INIT_SERVICE_DATABASE_DIR');
  const dirs = SERVICE_DATABASES.map(({ service }) => path.join(root, service));
  becomeOwner(process.env.KEYS_OWNER, [credentials, ...dirs]);
  const urls = await serviceUrls(credentials);
  for (const { service } of SERVICE_DATABASES) {
    const file = path.join(root, service, `${service}-database.env`);
    writeEnvFile(file, { DATABASE_URL: urls[service] }, 0o600);
  }
  console.log(`database-roles: each service's DATABASE_URL in ${root}/<service>/<service>-database.env`);
}

main().catch((err) => {
  console.error(`database-roles failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
