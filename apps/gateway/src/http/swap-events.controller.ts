import { Controller, Get, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
  ApiHeader,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSwapError } from '@swap/domain';
import { STATUS_PAGE_HEADERS, STREAM_ERRORS, type Gateway, type LiveSink } from '@swap/gateway';
import { GATEWAY } from '../gateway.tokens';
import { LiveConnections } from '../live/live-connections';

const TEXT = 'text/plain; charset=utf-8';
/** How long a browser waits before it reconnects (then with Last-Event-ID). */
const RETRY_MS = 3000;

/** Last-Event-ID as the version to resume after; anything else is no resume. */
function versionAfter(lastEventId: string | undefined): number | undefined {
  return lastEventId !== undefined && /^\d{1,9}$/.test(lastEventId.trim()) ? Number(lastEventId) : undefined;
}

/**
 * D18: one swap's live events as Server-Sent Events, for the status page (D17's discipline: the
 * token authorizes, strict CSP, no-store, a per-IP limit).
 */
@ApiTags('status page')
@Controller('swap')
export class SwapEventsController {
  constructor(
    @Inject(GATEWAY) private readonly gateway: Gateway,
    private readonly connections: LiveConnections,
  ) {}

  @Get(':id/events')
  @ApiOperation({
    summary: "A swap's changes as Server-Sent Events (D18)",
    description:
      'Each change is `event: swap.updated`, `id: <version>`, `data: <swap order as /swap/status returns it>`. ' +
      'A new stream starts with the current version; a reconnect with `Last-Event-ID` gets every version ' +
      'after that one first, then the live ones. ' +
      'An `event: error` ends the stream (reconnect to go on). Streams per client IP are limited ' +
      '(LIVE_CONNECTIONS_PER_KEY on each replica); a comment line every LIVE_PING_SECONDS keeps it open.',
  })
  @ApiParam({ name: 'id', description: 'the swap id' })
  @ApiQuery({ name: 'token', required: true, description: "the swap's token" })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'the last version received' })
  @ApiProduces('text/event-stream')
  @ApiResponse({ status: 200, description: 'The event stream' })
  @ApiResponse({ status: 404, description: 'Unknown swap or wrong token' })
  @ApiResponse({ status: 429, description: 'Too many requests or streams from this IP (Retry-After)' })
  async events(
    @Param('id') id: string,
    @Query('token') token: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const headers = { ...STATUS_PAGE_HEADERS, 'Cache-Control': 'no-store' };
    void reply.headers(headers);
    const wait = this.gateway.statusPageLimiter.take(request.ip);
    if (wait > 0)
      return void reply.status(429).header('Retry-After', String(wait)).type(TEXT).send('Too many requests');
    let current: number;
    try {
      current = (await this.gateway.publicStatus.find(id, token)).version;
    } catch (error) {
      if (!isSwapError(error) || error.status !== 404) throw error;
      return void reply.status(404).type(TEXT).send('Swap not found');
    }
    const raw = reply.raw;
    const sink: LiveSink = {
      swap: (snapshot) =>
        raw.write(
          `event: swap.updated\nid: ${snapshot.version}\ndata: ${this.gateway.live.events.of(snapshot).order}\n\n`,
        ),
      reply: (message) => {
        if (message.type !== 'error') return;
        raw.end(`event: error\ndata: ${JSON.stringify(message)}\n\n`);
      },
    };
    const session = this.gateway.live.connectPublic(request.ip, sink);
    if (!session) {
      const msg = STREAM_ERRORS.tooManyConnections(this.gateway.live.limits.connectionsPerKey);
      return void reply.status(429).header('Retry-After', '10').type(TEXT).send(msg);
    }
    reply.hijack();
    raw.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'X-Accel-Buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    const release = this.connections.add({ beat: () => raw.write(': ping\n\n'), shutdown: () => raw.end() });
    raw.on('close', () => {
      release();
      this.gateway.live.disconnect(session);
    });
    // A new stream starts with the swap as it is now, so a page rendered a moment ago misses no
    // change made before it connected; a reconnect resumes after its Last-Event-ID.
    await session.subscribe(id, token, versionAfter(lastEventId) ?? current - 1);
  }
}
