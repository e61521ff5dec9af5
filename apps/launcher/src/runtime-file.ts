import { rmSync, writeFileSync } from 'node:fs';

export interface Runtime {
  databaseUrl: string;
  natsUrl: string;
  /** The operator's nkey seed file: swapctl's identity on the bus this run started. */
  natsSeedFile?: string;
  apiUrl: string;
}

/** Tells `swapctl` where this run's bus and database are. Owner-only: the URL has a password. */
export function writeRuntimeFile(file: string, runtime: Runtime): void {
  writeFileSync(file, `${JSON.stringify(runtime, null, 2)}\n`, { mode: 0o600 });
}

export function removeRuntimeFile(file: string): void {
  rmSync(file, { force: true });
}
