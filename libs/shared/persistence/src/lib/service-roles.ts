import type { Client } from 'pg';
import type { ServiceDatabase } from './service-databases';
import { giveSchemaTo } from './schema-owner';

export interface RoleLogin {
  role: string;
  /** Null: no password (a test cluster that trusts loopback). */
  password: string | null;
}

/**
 * Makes each role a plain login role (no superuser, no CREATEDB or CREATEROLE, member of no other
 * role) whose password is `password`: created when missing, brought back to that otherwise, so it
 * can run on every start. Roles belong to the cluster: run it as a superuser, one caller at a time
 * (two CREATE ROLE of one name at once fail).
 */
export async function ensureServiceRoles(admin: Client, logins: readonly RoleLogin[]): Promise<void> {
  // Only a hash reaches the catalogue, and the one pg_hba's scram-sha-256 lines can check.
  await admin.query(`SET password_encryption = 'scram-sha-256'`);
  for (const { role, password } of logins) {
    const name = admin.escapeIdentifier(role);
    const secret = password === null ? 'NULL' : admin.escapeLiteral(password);
    const found = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT';
    await admin.query(`${found.rowCount ? 'ALTER' : 'CREATE'} ROLE ${name} ${attributes} PASSWORD ${secret}`);
    // A membership would hand it another role's rights (another service's schema, say).
    const { rows } = await admin.query<{ granted: string }>(
      `SELECT g.rolname AS granted FROM pg_auth_members m
       JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles r ON r.oid = m.member
       WHERE r.rolname = $1`,
      [role],
    );
    for (const { granted } of rows)
      await admin.query(`REVOKE ${admin.escapeIdentifier(granted)} FROM ${name}`);
  }
}

/**
 * In the database `db` is connected to (as a superuser): each service's schema exists and belongs,
 * with everything in it, to the service's role; only those roles may connect, and nobody may create
 * in `public`. Nothing else is granted, so a role reaches no schema but its own. Safe to run again:
 * an existing database made by one shared role has its schemas handed over to their roles.
 */
export async function ensureServiceSchemas(
  db: Client,
  services: readonly Pick<ServiceDatabase, 'schema' | 'role'>[],
): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
  const database = db.escapeIdentifier(rows[0].name);
  const roles = services.map(({ role }) => db.escapeIdentifier(role)).join(', ');
  await db.query(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);
  await db.query(`GRANT CONNECT ON DATABASE ${database} TO ${roles}`);
  // PostgreSQL 15 and later revoke it already; older clusters let every role create there.
  await db.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
  for (const { schema, role } of services) {
    await db.query(
      `CREATE SCHEMA IF NOT EXISTS ${db.escapeIdentifier(schema)} AUTHORIZATION ${db.escapeIdentifier(role)}`,
    );
    await giveSchemaTo(db, schema, role);
  }
}
