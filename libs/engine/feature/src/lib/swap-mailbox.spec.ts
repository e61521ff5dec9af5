import { SwapMailbox } from './swap-mailbox';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SwapMailbox', () => {
  it('runs one swap’s work one at a time, in order', async () => {
    const mailbox = new SwapMailbox();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      mailbox.run('A', job('1')),
      mailbox.run('A', job('2')),
      mailbox.run('A', job('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs different swaps concurrently', async () => {
    const mailbox = new SwapMailbox();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    await Promise.all([mailbox.run('A', job('A')), mailbox.run('B', job('B'))]);
    expect(log.slice(0, 2)).toEqual(['start A', 'start B']);
  });

  it('keeps going after a failure and forgets idle swaps', async () => {
    const mailbox = new SwapMailbox();
    await expect(
      mailbox.run('A', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(mailbox.run('A', async () => 'next')).resolves.toBe('next');
    await tick();
    expect(mailbox.busy).toBe(0);
  });
});
