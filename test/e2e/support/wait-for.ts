import { liquidityKv } from '@swap/contracts';
import type { CurrencyCode } from '@swap/domain';
import type { Stack } from '@swap/stack';

/** Polls `check` every 250 ms until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} never arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Until the treasury has published at least `units` of `code` (or no limit): a hot wallet funded
 * on a real chain shows once the treasury's node reads it (a wallet's rescan, Solana's finality).
 */
export async function liquid(stack: Stack, code: CurrencyCode, units: bigint): Promise<void> {
  const store = await stack.bus.kv(liquidityKv);
  await waitFor(async () => {
    const available = (await store.get(code))?.available;
    return available === null || BigInt(available ?? '0') >= units;
  }, `${units} ${code} of liquidity`);
}
