import type { Client } from 'pg';

// What a migration makes and its owner must be able to alter later. Indexes, triggers and the
// sequences of serial columns follow their table; the sequences left are given on their own.
const RELATIONS = `
  SELECT format('ALTER %s %I.%I OWNER TO %I',
           CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
             WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'c' THEN 'TYPE' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
           n.nspname, c.relname, $2::text) AS statement
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relowner <> $2::regrole AND c.relkind = ANY ($3::"char"[])`;
const ROUTINES = `
  SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $2::text) AS statement
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE n.nspname = $1 AND p.proowner <> $2::regrole AND p.prokind <> 'a'`;
const TYPES = `
  SELECT format('ALTER %s %I.%I OWNER TO %I', CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END,
           n.nspname, t.typname, $2::text) AS statement
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE n.nspname = $1 AND t.typowner <> $2::regrole AND t.typtype IN ('e', 'd', 'r')`;

/**
 * Makes `role` the owner of `schema` and of everything in it (tables, sequences, views, functions,
 * enum and domain types), so the service connecting as `role` can run its migrations there: a
 * database made before services had roles of their own has them all owned by the one role used then.
 */
export async function giveSchemaTo(db: Client, schema: string, role: string): Promise<void> {
  await db.query(`ALTER SCHEMA ${db.escapeIdentifier(schema)} OWNER TO ${db.escapeIdentifier(role)}`);
  const steps: Array<[string, unknown[]]> = [
    [RELATIONS, [schema, role, ['r', 'p', 'v', 'm', 'f', 'c']]],
    [RELATIONS, [schema, role, ['S']]],
    [ROUTINES, [schema, role]],
    [TYPES, [schema, role]],
  ];
  for (const [query, params] of steps) {
    const { rows } = await db.query<{ statement: string }>(query, params);
    for (const { statement } of rows) await db.query(statement);
  }
}
