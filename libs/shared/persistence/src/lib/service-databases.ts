/** A service that keeps data in PostgreSQL: its schema, and the role that owns it. */
export interface ServiceDatabase {
  service: string;
  schema: string;
  role: string;
}

/**
 * One role per service, owning its schema and granted nothing else, so a compromised service reads
 * only its own rows (the seven watchers share one schema and one role). The launcher and the test
 * stacks make these roles; an operator with a PostgreSQL of their own makes them as the README's
 * "Database roles" shows. Each data-access library's *_SCHEMA must equal the schema named here.
 */
export const SERVICE_DATABASES = [
  { service: 'gateway', schema: 'gateway', role: 'swap_gateway' },
  { service: 'engine', schema: 'engine', role: 'swap_engine' },
  { service: 'treasury', schema: 'treasury', role: 'swap_treasury' },
  { service: 'refunds', schema: 'refunds', role: 'swap_refunds' },
  { service: 'notifier', schema: 'notifier', role: 'swap_notifier' },
  { service: 'watcher', schema: 'watcher', role: 'swap_watcher' },
  { service: 'devnet', schema: 'devnet', role: 'swap_devnet' },
] as const satisfies readonly ServiceDatabase[];

export type DatabaseService = (typeof SERVICE_DATABASES)[number]['service'];

/** The variable that gives one service a URL of its own where one DATABASE_URL serves the rest. */
export function serviceDatabaseUrlVariable(service: DatabaseService): string {
  return `${service.toUpperCase()}_DATABASE_URL`;
}

/** `url` (any user, same server and database) as `role`, with its password when it has one. */
export function roleUrl(url: string, role: string, password?: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(role);
  parsed.password = password === undefined ? '' : encodeURIComponent(password);
  return parsed.toString();
}
