import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Client } from 'pg';
import {
  ensureServiceRoles,
  ensureServiceSchemas,
  roleUrl,
  SERVICE_DATABASES,
  type DatabaseService,
} from '@swap/persistence';
import { say } from './say';

export type ServiceDatabaseUrls = Record<DatabaseService, string>;

/**
 * Each service's own role on the launcher's PostgreSQL (`adminUrl`: its superuser, on the services'
 * database), made or brought back on every start: a login with a password of its own, owning its
 * schema and granted nothing else. The embedded server asks every role for its password
 * (scram-sha-256 in pg_hba.conf), so one service cannot log in as another. The passwords are made
 * once and kept in `passwordsFile`, readable by its owner only. Returns each service's DATABASE_URL.
 */
export async function prepareServiceRoles(
  adminUrl: string,
  passwordsFile: string,
): Promise<ServiceDatabaseUrls> {
  const passwords = rolePasswords(passwordsFile);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureServiceRoles(
      admin,
      SERVICE_DATABASES.map(({ role }) => ({ role, password: passwords[role] })),
    );
    await ensureServiceSchemas(admin, SERVICE_DATABASES);
  } finally {
    await admin.end();
  }
  return Object.fromEntries(
    SERVICE_DATABASES.map(({ service, role }) => [service, roleUrl(adminUrl, role, passwords[role])]),
  ) as ServiceDatabaseUrls;
}

/** The roles' passwords, one made for each role that has none yet (a role added since). */
function rolePasswords(file: string): Record<string, string> {
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const missing = SERVICE_DATABASES.filter(({ role }) => typeof kept[role] !== 'string');
  if (missing.length === 0) return kept;
  const passwords = { ...kept };
  for (const { role } of missing) passwords[role] = randomBytes(24).toString('base64url');
  writeFileSync(file, `${JSON.stringify(passwords, null, 2)}\n`, { mode: 0o600 });
  say(`made a PostgreSQL role for each service, passwords in ${file}`);
  return passwords;
}
