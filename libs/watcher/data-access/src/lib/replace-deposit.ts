import type { Replacement } from './deposit';

/** Marks a replaced deposit reverted, unless a block or another verdict moved it meanwhile. */
export const replaceStatement = `UPDATE deposits SET state = 'reverted', replaced_by = $3, missing_since = NULL,
    block_height = NULL, block_hash = NULL, settled = false, updated_at = now()
  WHERE id = $1 AND state = $2`;

export const replacedValues = (r: Replacement): unknown[] => [r.id, r.from, r.by];
