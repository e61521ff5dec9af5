import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSwapError } from '@swap/domain';
import { parseStatusPath, STATUS_PAGE_HEADERS, type Gateway } from '@swap/gateway';
import { GATEWAY } from '../gateway.tokens';
import { fail, ok } from './envelope';
import { assetReply } from './page-asset';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * D17: the public page behind a swap's `url`, for the end user, and its order as JSON for the
 * page's live updates. Unsigned: the link's token authorizes it; each client IP is rate-limited.
 */
@ApiTags('status page')
@Controller('swap')
export class StatusPageController {
  constructor(@Inject(GATEWAY) private readonly gateway: Gateway) {}

  /** The page's stylesheet and script, named by their content's hash. */
  @Get('assets/:name')
  @ApiExcludeEndpoint()
  asset(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.headers(STATUS_PAGE_HEADERS);
    return assetReply(reply, this.gateway.statusPage.asset(name));
  }

  @Get(':page')
  @ApiOperation({
    summary: "A swap's public status page (the order's url); with .json, the swap order for its live updates",
  })
  @ApiParam({
    name: 'page',
    description: 'the swap id (HTML page), or the id and .json (the order, as /swap/status)',
  })
  @ApiProduces('text/html', 'application/json')
  @ApiQuery({ name: 'token', required: true, description: "the swap's token" })
  @ApiResponse({ status: 200, description: 'HTML status page, or the swap order envelope' })
  @ApiResponse({ status: 404, description: 'Unknown swap or wrong token' })
  @ApiResponse({ status: 429, description: 'Too many requests from this IP (Retry-After)' })
  async show(
    @Param('page') segment: string,
    @Query('token') token: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const { id, format } = parseStatusPath(segment);
    void reply
      .headers(STATUS_PAGE_HEADERS)
      .header('Cache-Control', 'no-store')
      .header('Content-Type', format === 'json' ? JSON_TYPE : HTML);
    const wait = this.gateway.statusPageLimiter.take(request.ip);
    if (wait > 0) {
      void reply.status(429).header('Retry-After', String(wait));
      return format === 'json'
        ? { ...fail('Rate limit exceeded'), retry_after: wait }
        : this.gateway.statusPage.tooManyRequests(wait);
    }
    try {
      const { order, version } = await this.gateway.publicStatus.execute(id, token);
      return format === 'json' ? ok(order) : this.gateway.statusPage.render(order, version);
    } catch (error) {
      if (!isSwapError(error) || error.status !== 404) throw error;
      void reply.status(404);
      return format === 'json' ? fail('Swap not found') : this.gateway.statusPage.notFound();
    }
  }
}
