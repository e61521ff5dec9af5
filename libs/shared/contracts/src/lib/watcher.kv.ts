import { z } from 'zod';
import { defineKv } from './define';

/**
 * Which replica of a network's watcher follows the chain (key: the network, e.g. BTC). The holder
 * renews `expiresAt` (UNIX ms) on every poll with a compare-and-set on the entry's revision; a
 * standby takes the lease over, with the same compare-and-set, once it has expired.
 */
export const watcherLeasesKv = defineKv({
  bucket: 'watcher-leases',
  ttlSeconds: 0,
  history: 1,
  schema: z.object({ owner: z.string().min(1), expiresAt: z.number().int() }),
});
export type WatcherLease = z.infer<typeof watcherLeasesKv.schema>;
