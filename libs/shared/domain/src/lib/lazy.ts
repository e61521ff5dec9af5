/**
 * `load()` run on the first call only; later calls return what it returned.
 *
 * Here for the start-up time of every service (issue 31): chain SDKs (ethers, bitcoinjs-lib,
 * tronweb, @solana/kit…) loaded at the top of a module cost hundreds of modules at the start of
 * every process, also of those that never touch a chain. Loaded through
 * `lazy(() => require('sdk') as typeof import('sdk'))`, with `import type` for their types, an SDK
 * loads when a code path first needs it.
 */
export function lazy<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
