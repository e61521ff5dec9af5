import { BusUnavailableError, type UnavailableReason } from '@swap/bus';
import type { RpcContract } from '@swap/contracts';
import type { z } from 'zod';
import { explainBusError } from '../bus-errors';
import type { CliContext } from '../command-kit';
import { serviceOf, type OpsBus } from '../ops-bus';

export const FAKE_NATS_URL = 'nats://127.0.0.1:4222';

export interface Recorded {
  rpc: string;
  body: unknown;
}

/**
 * A CliContext whose bus answers from canned replies (validated against the contract, as the real
 * bus would) and whose output is captured, so commands run end to end without NATS. A reply that
 * throws a bus error (e.g. BusUnavailableError) reaches the command as the real session reports it.
 */
export function fakeCli(replies: Record<string, (body: unknown) => unknown> = {}, { terminal = false } = {}) {
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
      let answer: unknown;
      try {
        answer = reply(body);
      } catch (err) {
        throw explainBusError(serviceOf(rpc), FAKE_NATS_URL, err);
      }
      return rpc.response.parse(answer);
    },
  };
  const ctx: CliContext = {
    withBus: (work) => work(bus),
    output: { out: (text) => stdout.push(text), err: (text) => stderr.push(text), terminal },
  };
  return { ctx, calls, stdout: () => stdout.join(''), stderr: () => stderr.join('') };
}

/** Canned replies: the service's data, or its refusal (an RpcError). */
export const answer = (data: unknown) => () => ({ ok: true, data });
export const refusal =
  (code: string, message: string, status = 400) =>
  () => ({ ok: false, error: { code, message, status } });
/** No answer on the bus (the service is down, absent or too slow), as NATS reports it. */
export const unavailable =
  (subject: string, reason: UnavailableReason = 'timeout') =>
  () => {
    throw new BusUnavailableError(subject, reason);
  };
