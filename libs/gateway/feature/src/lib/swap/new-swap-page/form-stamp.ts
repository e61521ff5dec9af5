import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@swap/domain';

/** What a stamp says of the form it came with. */
export type StampCheck = 'ok' | 'missing' | 'too-fresh' | 'expired';

export interface FormStampSettings {
  /** A person reads the form before sending it; a script that posts at once is refused. */
  minAgeMs: number;
  /** A form left open longer is shown again (with a fresh stamp) before it creates anything. */
  maxAgeMs: number;
}

export const FORM_STAMP_DEFAULTS: FormStampSettings = { minAgeMs: 2000, maxAgeMs: 3_600_000 };

/**
 * The swap page's anti-abuse field, without a captcha and without JavaScript: the time the form
 * was served, signed with the page's secret. Creating needs a stamp this gateway (or another
 * replica with the same secret) gave out, at least a couple of seconds and at most an hour old.
 */
export class FormStamps {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
    private readonly settings: FormStampSettings = FORM_STAMP_DEFAULTS,
  ) {}

  issue(): string {
    const issuedAt = String(this.clock());
    return `${issuedAt}.${this.sign(issuedAt)}`;
  }

  check(stamp: string): StampCheck {
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(stamp);
    if (!match) return 'missing';
    const expected = Buffer.from(this.sign(match[1]));
    if (!timingSafeEqual(expected, Buffer.from(match[2]))) return 'missing';
    const age = this.clock() - Number(match[1]);
    if (age < this.settings.minAgeMs) return 'too-fresh';
    return age > this.settings.maxAgeMs ? 'expired' : 'ok';
  }

  private sign(issuedAt: string): string {
    return createHmac('sha256', this.secret).update(`swap-page-form:${issuedAt}`).digest('base64url');
  }
}
