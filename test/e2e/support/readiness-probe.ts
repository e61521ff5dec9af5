import type { ServiceProcess } from '@swap/stack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The service's /readyz status code, or 0 when it did not answer (not listening, or 10 s passed). */
export async function readyzStatus(service: ServiceProcess): Promise<number> {
  try {
    const res = await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Polls each service's /readyz until it answers `status`: the services still not answering it
 * after `timeoutMs`, with what they answered last.
 */
export async function untilEachAnswers(
  services: ServiceProcess[],
  status: number,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const results = await Promise.all(
    services.map(async (service) => {
      for (;;) {
        const answer = await readyzStatus(service);
        if (answer === status) return null;
        if (Date.now() > deadline) return `${service.name} answered ${answer}`;
        await sleep(200);
      }
    }),
  );
  return results.filter((line): line is string => line !== null);
}

/**
 * The services not ready now, each with what its /readyz says (a stalled loop names itself there):
 * for a report that must say which service stopped, not only that swaps did.
 */
export async function notReadyNow(services: ServiceProcess[]): Promise<string[]> {
  const answers = await Promise.all(
    services.map(async (service) => {
      try {
        const res = await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        return res.status === 200 ? null : `${service.name} answered ${res.status}: ${body}`;
      } catch {
        return `${service.name} did not answer /readyz`;
      }
    }),
  );
  return answers.filter((line): line is string => line !== null);
}

/** The services' process ids, to show that none was restarted. */
export const pidsOf = (services: ServiceProcess[]) =>
  Object.fromEntries(services.map((service) => [service.name, service.pid]));
