// Where a benchmark's CPU goes: the user + system time each process of the run spent between two
// samples, read from /proc (Linux). Every process on the machine shares the same cores, so a
// figure that lags tells which one took them.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Stack } from '@swap/stack';

/** CPU milliseconds per process name, at one moment. */
export type CpuSample = Map<string, number>;

export interface MeteredProcess {
  name: string;
  pid: number | undefined;
}

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process in ms; null once it is gone (or off Linux). */
function processCpuMs(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces: the fields after it start past its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Every PostgreSQL process of the machine (the server and its backends), which the run's queries keep busy. */
function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** A stack's service processes and its nats-server, as a meter names them. */
export function stackProcesses(stack: Stack): MeteredProcess[] {
  return [
    ...stack.services.map((service) => ({ name: service.name, pid: service.pid })),
    { name: 'nats-server', pid: stack.natsPid },
  ];
}

/**
 * Samples the named processes, every PostgreSQL process (summed as "postgres"; a backend that
 * ended between two samples takes its time with it) and this process ("bench").
 */
export class CpuMeter {
  constructor(private readonly processes: () => readonly MeteredProcess[]) {}

  sample(): CpuSample {
    const sample: CpuSample = new Map();
    for (const { name, pid } of this.processes()) {
      const ms = pid === undefined ? null : processCpuMs(pid);
      if (ms !== null) sample.set(name, ms);
    }
    for (const pid of postgresPids()) {
      const ms = processCpuMs(pid);
      if (ms !== null) sample.set(`postgres:${pid}`, ms);
    }
    const own = process.cpuUsage();
    sample.set('bench', (own.user + own.system) / 1000);
    return sample;
  }

  /** CPU ms spent between two samples per process, the PostgreSQL processes added up. */
  static spent(before: CpuSample, after: CpuSample): Map<string, number> {
    const spent = new Map<string, number>();
    for (const [key, ms] of after) {
      // A process missing from `before` was born since: all of its time falls in between.
      const earlier = before.get(key);
      const name = key.startsWith('postgres:') ? 'postgres' : key;
      spent.set(name, (spent.get(name) ?? 0) + ms - (earlier ?? 0));
    }
    return spent;
  }
}
