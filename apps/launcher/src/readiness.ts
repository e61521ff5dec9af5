import type { ServiceSpec } from './services';
import { say } from './say';

/** What one service's /readyz answered. */
export interface Probe {
  name: string;
  ready: boolean;
  /** The reasons its failed checks gave (a node, prices), by check. */
  reasons: Record<string, string>;
  /**
   * Not ready for a reason it gave for every failed check: it is up and cannot do its job (a
   * node down), rather than starting (no answer, or a bus or database check without a reason).
   */
  explained: boolean;
}

export interface WaitOptions {
  pollMs?: number;
  /** How long every service not ready must have said why before the wait gives up on them. */
  settleMs?: number;
  reportEveryMs?: number;
  report?: (message: string) => void;
}

/** "treasury (nodes: the LTC node has not answered since …)", or the name alone. */
export function describeProbe(probe: Probe): string {
  const reasons = Object.entries(probe.reasons).map(([check, reason]) => `${check}: ${reason}`);
  return reasons.length === 0 ? probe.name : `${probe.name} (${reasons.join('; ')})`;
}

/**
 * Polls every service's /readyz until all answer 200 at once, and resolves the services not ready
 * (none, then). Those that say why they are not ready (a node down, no prices) are waited for
 * `settleMs`, not forever: then it resolves with them, so the banner can say what is missing.
 * Every 30 s it names the ones still waiting, with their reasons. Resolves null if `cancelled`.
 */
export async function waitUntilReady(
  services: ServiceSpec[],
  cancelled: () => boolean,
  options: WaitOptions = {},
): Promise<Probe[] | null> {
  const { pollMs = 1_000, settleMs = 30_000, reportEveryMs = 30_000, report = say } = options;
  let nextReport = Date.now() + reportEveryMs;
  let explainedSince: number | null = null;
  while (!cancelled()) {
    const waiting = (await Promise.all(services.map(probe))).filter((p) => !p.ready);
    if (waiting.length === 0) return [];
    const now = Date.now();
    explainedSince = waiting.every((p) => p.explained) ? (explainedSince ?? now) : null;
    if (explainedSince !== null && now - explainedSince >= settleMs) return waiting;
    if (now > nextReport) {
      report(`still waiting for /readyz of: ${waiting.map(describeProbe).join(', ')}`);
      nextReport = now + reportEveryMs;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return null;
}

/** Says when each of `services` turns ready, checking every `pollMs`, until `cancelled`. */
export async function announceWhenReady(
  services: ServiceSpec[],
  cancelled: () => boolean,
  { pollMs = 5_000, report = say }: Pick<WaitOptions, 'pollMs' | 'report'> = {},
): Promise<void> {
  let left = services;
  while (left.length > 0 && !cancelled()) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const probes = await Promise.all(left.map(probe));
    for (const p of probes.filter((p) => p.ready)) report(`${p.name} is ready now`);
    left = left.filter((_, i) => !probes[i].ready);
  }
}

async function probe(service: ServiceSpec): Promise<Probe> {
  const down: Probe = { name: service.name, ready: false, reasons: {}, explained: false };
  try {
    const res = await fetch(`http://127.0.0.1:${service.port}/readyz`, {
      signal: AbortSignal.timeout(2_000),
    });
    if (res.status === 200) return { ...down, ready: true };
    const body = (await res.json().catch(() => ({}))) as { failed?: unknown; reasons?: unknown };
    const failed = Array.isArray(body.failed) ? body.failed.map(String) : [];
    const reasons = isStringRecord(body.reasons) ? body.reasons : {};
    const explained = failed.length > 0 && failed.every((check) => check in reasons && check !== 'shutdown');
    return { ...down, reasons, explained };
  } catch {
    return down;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string')
  );
}
