import { createHmac } from 'node:crypto';
import { constantTimeEqual, SwapErrors } from '@swap/domain';
import type { ListFilter } from './list-filter';

/** Where a page ended: the last swap's creation time (unix s), sequence and id, the list's sort key. */
export interface ListPosition {
  created: number;
  seq: number;
  id: string;
}

const PAYLOAD = /^(\d{1,15})\.(\d{1,16})\.([A-Za-z0-9]{10})$/;
const MAC_BYTES = 16;

/**
 * D14's `next`: the position where a page ended, with an HMAC that binds it to the key and the
 * filter it was handed out for (not the page size, which may change between pages). A cursor
 * edited, made up, or replayed with another key or filter is refused (400 INVALID_CURSOR), and
 * every replica reads the others' cursors (the key derives from the shared SECRETS_KEY).
 */
export class ListCursors {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own: the secret's other use (sealing API secrets) never sees these MACs.
    this.key = createHmac('sha256', secret).update('swap-list-cursor/v1').digest();
  }

  issue(position: ListPosition, filter: ListFilter): string {
    const payload = `${position.created}.${position.seq}.${position.id}`;
    return `${Buffer.from(payload).toString('base64url')}.${this.mac(payload, filter)}`;
  }

  /** The position a cursor of this filter stands for, or 400 INVALID_CURSOR. */
  read(cursor: string, filter: ListFilter): ListPosition {
    const [encoded, mac, ...rest] = cursor.split('.');
    const payload = Buffer.from(encoded, 'base64url').toString();
    const match = PAYLOAD.exec(payload);
    if (
      rest.length > 0 ||
      mac === undefined ||
      !match ||
      !constantTimeEqual(mac, this.mac(payload, filter))
    ) {
      throw SwapErrors.invalidCursor();
    }
    return { created: Number(match[1]), seq: Number(match[2]), id: match[3] };
  }

  private mac(payload: string, filter: ListFilter): string {
    const scope = [filter.apiKey, filter.statuses?.join(',') ?? '*', filter.since, filter.until ?? ''];
    return createHmac('sha256', this.key)
      .update([...scope, payload].join('\n'))
      .digest()
      .subarray(0, MAC_BYTES)
      .toString('base64url');
  }
}
