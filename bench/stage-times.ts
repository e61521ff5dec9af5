import type { Bus } from '@swap/bus';
import {
  ENGINE_INBOX_STREAM,
  engineInbox,
  MONEY_COMMANDS_STREAM,
  treasuryPayoutRequested,
} from '@swap/contracts';
import { readStream, type StreamReader } from './stream-reader';

/** The two hand-overs between the engine and the treasury on a payout's way. */
export type Stage = 'payout requested' | 'broadcast reported';

interface StageMessage {
  swapId?: string;
  kind?: string;
  state?: string;
}

const SOURCES: Array<{ stream: string; filter: string; stage: (m: StageMessage) => Stage | null }> = [
  {
    stream: MONEY_COMMANDS_STREAM.name,
    filter: treasuryPayoutRequested.filter,
    stage: () => 'payout requested',
  },
  {
    stream: ENGINE_INBOX_STREAM.name,
    filter: engineInbox.filter,
    stage: (m) => (m.kind === 'payout' && m.state === 'broadcast' ? 'broadcast reported' : null),
  },
];

/**
 * When the engine's payout command and the treasury's broadcast report of each swap were stored
 * (the first of each), so the bench can tell where a payout's latency goes: the engine's outbox,
 * the treasury's signing and sending (with the devnet), or the engine's SENDING.
 */
export class StageTimes {
  private readonly times = new Map<string, Map<Stage, number>>();
  private readers: StreamReader[] = [];

  static async open(bus: Bus): Promise<StageTimes> {
    const log = new StageTimes();
    for (const source of SOURCES)
      log.readers.push(
        await readStream(bus, source.stream, source.filter, (message, storedAt) =>
          log.record(message as StageMessage, source.stage(message as StageMessage), storedAt),
        ),
      );
    return log;
  }

  at(swapId: string, stage: Stage): number | undefined {
    return this.times.get(swapId)?.get(stage);
  }

  async close(): Promise<void> {
    await Promise.all(this.readers.map((reader) => reader.close()));
  }

  private record(message: StageMessage, stage: Stage | null, storedAt: number): void {
    if (!stage || !message.swapId) return;
    const stages = this.times.get(message.swapId) ?? new Map<Stage, number>();
    if (!stages.has(stage)) stages.set(stage, storedAt);
    this.times.set(message.swapId, stages);
  }
}
