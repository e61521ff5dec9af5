/** Section 2.1: every response of the swap API. */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string;
  data: T | null;
  retry_after?: number;
}

export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: '', data });
export const fail = (msg: string): Envelope<null> => ({ code: 1, msg, data: null });
