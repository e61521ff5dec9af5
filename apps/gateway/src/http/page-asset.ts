import type { FastifyReply } from 'fastify';
import type { Asset } from '@swap/gateway';

/** A page's stylesheet or script by its hashed name: cached for good, or a plain 404. */
export function assetReply(reply: FastifyReply, asset: Asset | undefined): string {
  if (!asset) {
    void reply.status(404).header('Content-Type', 'text/plain; charset=utf-8');
    return 'Not found';
  }
  void reply
    .header('Content-Type', asset.contentType)
    .header('Cache-Control', 'public, max-age=31536000, immutable');
  return asset.body;
}
