import { randomUUID } from 'node:crypto';
import { isSwapError, type Logger, type SwapOrderView } from '@swap/domain';
import type { ClientHash } from './client-hash';
import type { FormStamps, StampCheck } from './form-stamp';
import { createBodyOf, type NewSwapForm, refOf } from './new-swap.form';
import type { ReferralSwaps } from './referral-swaps.port';
import type { IpRateLimiter } from '../status-page/ip-rate-limiter';

/** The swaps created on the page, by client (PageSwapRepository). */
export interface PageSwapLog {
  record(swapId: string, client: string): Promise<void>;
  countOpen(client: string, withinSeconds: number): Promise<number>;
}

export interface StartSwapLimits {
  /** Swaps one client may have waiting for their deposit (NEW) at once. */
  openSwaps: number;
  /** How far back a swap can still be NEW (more than a payment window). */
  openWithinSeconds: number;
}

export interface StartSwapDeps {
  swaps: Pick<ReferralSwaps, 'execute'>;
  stamps: FormStamps;
  /** Creates per client per minute. */
  creates: IpRateLimiter;
  log: PageSwapLog;
  clients: ClientHash;
  limits: StartSwapLimits;
  logger: Logger;
}

/** The swap made, or why not, in words for the page; `status` is the page's HTTP status. */
export type StartSwapOutcome =
  { created: SwapOrderView } | { refused: string; status: number; retryAfter?: number };

const STAMP_REFUSALS: Record<Exclude<StampCheck, 'ok'>, string> = {
  missing: 'This form was not sent from the swap page. Check the details below and create the swap again.',
  'too-fresh': 'That was quick. Check the details below and create the swap again.',
  expired: 'This form was open for too long. Check the details and the quote, then create the swap again.',
};

/**
 * D19: `POST /swap/new`. The form's stamp, the client's creates this minute and its open swaps
 * are checked before the swap is created for the referral code; the API's own refusal of a field
 * comes back as the page's message.
 */
export class StartSwap {
  constructor(private readonly deps: StartSwapDeps) {}

  async execute(form: NewSwapForm, ip: string): Promise<StartSwapOutcome> {
    const { swaps, stamps, creates, log, clients, limits } = this.deps;
    const stamp = stamps.check(form.stamp);
    if (stamp !== 'ok') return { refused: STAMP_REFUSALS[stamp], status: 400 };
    const wait = creates.take(ip);
    if (wait > 0) {
      return {
        refused: `Too many swaps created from your network. Please wait ${wait} s and try again.`,
        status: 429,
        retryAfter: wait,
      };
    }
    const client = clients.of(ip);
    const open = await log.countOpen(client, limits.openWithinSeconds);
    if (open >= limits.openSwaps) {
      return {
        refused: `You already have ${open} swaps waiting for a deposit. Pay one of them, or wait until one expires, before creating another.`,
        status: 429,
      };
    }
    let created: SwapOrderView;
    try {
      // Each submission its own swap: the engine makes one per request id, and no key's nonce names it.
      const requestId = `page:${randomUUID()}`;
      created = await swaps.execute({ ref: refOf(form), body: createBodyOf(form), requestId });
    } catch (error) {
      if (!isSwapError(error)) throw error;
      return { refused: error.message, status: error.status, retryAfter: error.retryAfter };
    }
    await this.remember(created.id, client);
    return { created };
  }

  /** The swap exists: a failed record only leaves it uncounted, the user still gets its page. */
  private async remember(swapId: string, client: string): Promise<void> {
    try {
      await this.deps.log.record(swapId, client);
    } catch (error) {
      this.deps.logger.warn({ err: (error as Error).message, swapId }, 'swap page: swap not recorded');
    }
  }
}
