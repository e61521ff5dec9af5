import { z } from 'zod';
import { defineKv } from './define';

/**
 * How engine instances divide the inbox partitions: `member.<instance>` is each instance's
 * heartbeat, `partition.<n>` the lease of the instance that owns partition n. Both hold when they
 * expire (UNIX ms) unless renewed; an expired partition may be taken over (compare-and-set on the
 * entry's revision, so only one instance wins).
 */
export const engineLeasesKv = defineKv({
  bucket: 'engine-leases',
  ttlSeconds: 0,
  history: 1,
  schema: z.object({ owner: z.string().min(1), expiresAt: z.number().int() }),
});
export type EngineLease = z.infer<typeof engineLeasesKv.schema>;
