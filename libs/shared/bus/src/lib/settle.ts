/**
 * Waits for `work` (ignoring its failure) or `ms`, whichever comes first: flush and drain wait for
 * the server, and a shutdown must not hang while it is unreachable.
 */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  try {
    await Promise.race([
      work.then(
        () => undefined,
        () => undefined,
      ),
      elapsed,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
