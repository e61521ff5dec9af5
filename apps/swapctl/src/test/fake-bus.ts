import type { RpcContract } from '@swap/contracts';
import type { z } from 'zod';
import type { CliContext } from '../command-kit';
import type { OpsBus } from '../ops-bus';

export interface Recorded {
  rpc: string;
  body: unknown;
}

/**
 * A CliContext whose bus answers from canned replies (validated against the contract, as the real
 * bus would) and whose output is captured, so commands run end to end without NATS.
 */
export function fakeCli(replies: Record<string, (body: unknown) => unknown> = {}) {
  const calls: Recorded[] = [];
  const stdout: string[] = [];
  const stderr: string[] = [];
  const bus: OpsBus = {
    async request<Req extends z.ZodType, Res extends z.ZodType>(
      rpc: RpcContract<Req, Res>,
      body: z.input<Req>,
    ) {
      calls.push({ rpc: rpc.name, body: rpc.request.parse(body) });
      const reply = replies[rpc.name];
      if (!reply) throw new Error(`no canned reply for ${rpc.name}`);
      return rpc.response.parse(reply(body));
    },
  };
  const ctx: CliContext = {
    withBus: (work) => work(bus),
    output: { out: (text) => stdout.push(text), err: (text) => stderr.push(text) },
  };
  return { ctx, calls, stdout: () => stdout.join(''), stderr: () => stderr.join('') };
}
