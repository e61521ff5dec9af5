import type { ServiceSpec } from './services';
import { say } from './say';

const POLL_MS = 1_000;
const REPORT_EVERY_MS = 30_000;

/**
 * Polls every service's /readyz until all answer 200 at once. Every 30 s it names the ones still
 * waiting, so a stuck start-up says where it is stuck. Resolves false if `cancelled` turns true.
 */
export async function waitUntilReady(services: ServiceSpec[], cancelled: () => boolean): Promise<boolean> {
  let nextReport = Date.now() + REPORT_EVERY_MS;
  while (!cancelled()) {
    const ready = await Promise.all(services.map((s) => isReady(s.port)));
    const waiting = services.filter((_, i) => !ready[i]).map((s) => s.name);
    if (waiting.length === 0) return true;
    if (Date.now() > nextReport) {
      say(`still waiting for /readyz of: ${waiting.join(', ')}`);
      nextReport = Date.now() + REPORT_EVERY_MS;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

async function isReady(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}
