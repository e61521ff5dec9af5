/**
 * The service's loops whose run has not ended for too long, and those started again after that
 * until one of their runs ends: /readyz names them (HealthService), so an operator sees which loop
 * of which service stopped making progress rather than only that swaps stopped moving.
 */
export interface LoopStall {
  name: string;
  /** Why, for /readyz: written for an operator. */
  reason: string;
}

export interface WatchedLoop {
  stall(now: number): LoopStall | null;
}

const loops = new Set<WatchedLoop>();

export const stalledLoops = {
  add(loop: WatchedLoop): void {
    loops.add(loop);
  },
  remove(loop: WatchedLoop): void {
    loops.delete(loop);
  },
  /** Every loop stalled now, or started again after a stall and not through a run since. */
  now(now = Date.now()): LoopStall[] {
    return [...loops].map((loop) => loop.stall(now)).filter((stall): stall is LoopStall => stall !== null);
  },
};
