import type { Bus } from './bus';

/**
 * Readiness: the connection is up and JetStream answers within `timeoutMs`. While the client is
 * disconnected it says so at once, rather than after a request buffered for the reconnect times out.
 */
export async function busReady(bus: Bus, timeoutMs = 2000): Promise<boolean> {
  if (!bus.connected || bus.connection.isDraining()) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const probe = bus
    .manager()
    .then((jsm) => jsm.getAccountInfo())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
