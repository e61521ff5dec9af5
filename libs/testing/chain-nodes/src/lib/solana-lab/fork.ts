import type { Ledger } from './ledger';

/**
 * Replaces the newest `depth` blocks by depth+1 new blocks at the slots after the open one (the old fork's
 * slots become skipped ones), holding the same transactions except `drop`. litesvm has no forks, so the
 * state is rebuilt from genesis by replaying every kept transaction into a fresh runtime.
 */
export function rollback(ledger: Ledger, depth: number, drop: ReadonlySet<string>): void {
  const blocks = ledger.allBlocks();
  const newest = blocks.length - 1;
  const finalized = ledger.heightAt('finalized');
  if (!Number.isInteger(depth) || depth < 1 || newest - depth < finalized) {
    throw new Error(
      `rollback depth ${depth}: only the ${newest - finalized} newest blocks are not finalized and can be replaced`,
    );
  }
  const kept = blocks.slice(1, newest - depth + 1);
  const replaced = blocks.slice(newest - depth + 1);
  const pending = ledger.pending();
  const movable = new Set([...replaced.flatMap((block) => block.txs), ...pending].map((l) => l.tx.signature));
  const stray = [...drop].filter((signature) => !movable.has(signature));
  if (stray.length > 0) throw new Error(`rollback: ${stray.join(', ')} not in the replaced blocks`);
  const forkSlot = ledger.openSlot();
  // The old fork's transactions keep their blockhashes valid, else those made on it could not move over.
  const aliases = new Map(replaced.map((block) => [block.blockhash, block.blockHeight]));

  ledger.restart();
  for (const block of kept) {
    ledger.enterSlot(block.slot, block.blockTime);
    for (const { tx } of block.txs) {
      if (!ledger.land(tx)) throw new Error(`replay of ${tx.signature} diverged from its first run`);
    }
    ledger.sealAs(block.slot, block);
  }
  replaced.forEach((block, i) => {
    ledger.enterSlot(forkSlot + i, Math.floor(Date.now() / 1000));
    // A transaction that now fails before paying its fee (its funding was dropped) is gone too.
    for (const { tx } of block.txs) if (!drop.has(tx.signature)) ledger.land(tx, aliases);
    ledger.sealAs(forkSlot + i);
  });
  ledger.sealAs(forkSlot + replaced.length);
  for (const { tx } of pending) if (!drop.has(tx.signature)) ledger.land(tx, aliases);
}
