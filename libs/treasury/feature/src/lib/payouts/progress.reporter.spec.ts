import { quietLogger } from '@swap/domain/testing';
import type { PayoutProgress } from '@swap/contracts';
import type { Transfer, TransferReports } from '@swap/treasury-data';
import { ProgressReporter } from './progress.reporter';

const broadcast = (version: number): Transfer => ({
  id: 'p',
  kind: 'payout',
  swapId: 'S',
  network: 'SOL',
  currency: 'SOL',
  fromIndex: 0,
  to: 'x',
  amount: 1n,
  state: 'BROADCAST',
  signed: { network: 'SOL', txid: 'sol-tx', raw: 'r', fee: 5n, feeCurrency: 'SOL', txKey: null },
  feePaid: null,
  confirmations: 0,
  failure: null,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  refused: false,
  generation: 0,
  version,
  reportedVersion: 0,
  clearedAt: 0,
  holdReason: null,
  approvedAt: null,
});

const silent = quietLogger({ info: () => undefined, warn: () => undefined, error: () => undefined });

describe('ProgressReporter', () => {
  it('a flush while a report of the same state is on its way waits for it instead of sending it again', async () => {
    const sent: PayoutProgress[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const transfers = {
      markReported: jest.fn(async () => undefined),
      unreported: async () => [broadcast(2)],
    } as unknown as TransferReports;
    const reporter = new ProgressReporter(
      transfers,
      async (progress) => {
        await gate;
        sent.push(progress);
      },
      () => 0,
      silent,
    );

    const first = reporter.report(broadcast(2));
    const flushed = reporter.flush();
    open();
    await Promise.all([first, flushed]);

    expect(sent).toHaveLength(1);
    expect(transfers.markReported).toHaveBeenCalledTimes(1);
  });

  it('a later state of the same transfer is sent, and the same state again once the first report is over', async () => {
    const sent: PayoutProgress[] = [];
    const transfers = { markReported: async () => undefined } as unknown as TransferReports;
    const reporter = new ProgressReporter(
      transfers,
      async (p) => void sent.push(p),
      () => 0,
      silent,
    );

    await Promise.all([reporter.report(broadcast(2)), reporter.report(broadcast(3))]);
    await reporter.report(broadcast(3));

    expect(sent).toHaveLength(3);
  });
});
