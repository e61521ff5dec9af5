import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiExcludeEndpoint,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSwapError, type Logger } from '@swap/domain';
import { type Gateway, parseNewSwapForm, queryParams, quoteValues } from '@swap/gateway';
import { GATEWAY, GATEWAY_LOGGER } from '../gateway.tokens';
import { fail, ok } from './envelope';
import { assetReply } from './page-asset';
import { rawBody } from './signed-request';

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const UNAVAILABLE = 'Service temporarily unavailable, please retry';

type Query = Record<string, unknown>;

/**
 * D19: the service's own page to start a swap, its form's create, and the two small JSON answers
 * its script asks for (the live quote, the address check). Unsigned, and holding no secret: the
 * gateway creates for the referral code. Each client IP is rate-limited; nothing fails as a 500.
 */
@ApiTags('swap page')
@Controller('swap/new')
export class NewSwapPageController {
  constructor(
    @Inject(GATEWAY) private readonly gateway: Gateway,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'The public page to start a swap (a referral link: ?ref=CODE); with an amount, its quote',
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'ref', required: false, description: 'a referral code (swapctl keys referral)' })
  @ApiResponse({ status: 200, description: 'HTML page with the swap form' })
  @ApiResponse({ status: 429, description: 'Too many requests from this IP (Retry-After)' })
  async show(
    @Query() query: Query,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    this.answer(reply, HTML);
    const wait = this.limited(request, reply);
    if (wait > 0) return this.tooManyRequests(wait);
    return this.page(reply, () => this.gateway.newSwapPage.render(parseNewSwapForm(queryParams(query))));
  }

  @Post()
  @ApiOperation({
    summary:
      "Create a swap from the page's form: 303 to its status page, or the form again with the API's message",
  })
  @ApiConsumes(FORM_TYPE)
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: "Created: Location is the swap's status page (its url)" })
  @ApiResponse({ status: 400, description: "The form again, with the API's message" })
  @ApiResponse({ status: 429, description: 'Too many swaps from this IP, or too many waiting for a deposit' })
  async create(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    this.answer(reply, HTML);
    const wait = this.limited(request, reply);
    if (wait > 0) return this.tooManyRequests(wait);
    const form = parseNewSwapForm(rawBody(request));
    return this.page(reply, async () => {
      if (!isForm(request)) {
        void reply.status(400);
        return this.gateway.newSwapPage.render(
          form,
          'The form must be sent as application/x-www-form-urlencoded.',
        );
      }
      const outcome = await this.gateway.startSwap.execute(form, request.ip);
      if ('created' in outcome) {
        void reply.status(303).header('Location', outcome.created.url);
        return '';
      }
      void reply.status(outcome.status);
      if (outcome.retryAfter !== undefined) void reply.header('Retry-After', String(outcome.retryAfter));
      return this.gateway.newSwapPage.render(form, outcome.refused);
    });
  }

  @Get('quote')
  @ApiOperation({
    summary: "The page's live quote of its form (from, to, amount, direction, type, ref), formatted",
  })
  @ApiProduces('application/json')
  @ApiQuery({ name: 'from', required: true, description: 'as in /swap/price' })
  @ApiQuery({ name: 'to', required: true, description: 'as in /swap/price' })
  @ApiQuery({ name: 'amount', required: true, description: 'as in /swap/price' })
  @ApiQuery({ name: 'direction', required: false, description: 'from (default) or to' })
  @ApiQuery({ name: 'type', required: false, description: 'float (default) or fixed' })
  @ApiQuery({ name: 'ref', required: false, description: "the referral code, whose key's terms apply" })
  @ApiResponse({ status: 200, description: 'The quote rows as the page shows them' })
  @ApiResponse({ status: 400, description: "The API's message (below minimum, pair under maintenance, …)" })
  async quote(
    @Query() query: Query,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    this.answer(reply, JSON_TYPE);
    return this.json(request, reply, async () =>
      quoteValues(await this.gateway.pageQuote.execute(parseNewSwapForm(queryParams(query)))),
    );
  }

  @Get('address')
  @ApiOperation({ summary: "The page's address check as it is typed (code, address), by D15's rules" })
  @ApiProduces('application/json')
  @ApiQuery({ name: 'code', required: true, description: 'a currency code' })
  @ApiQuery({ name: 'address', required: true, description: 'the address as typed' })
  @ApiResponse({ status: 200, description: '{ valid, reason }, as /swap/validate-address' })
  @ApiResponse({ status: 400, description: 'Unknown currency code' })
  async address(
    @Query() query: Query,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    this.answer(reply, JSON_TYPE);
    const { code, address } = Object.fromEntries(queryParams(query));
    return this.json(request, reply, async () =>
      this.gateway.newSwapPage.checkAddress(code ?? '', address ?? ''),
    );
  }

  /** The page's stylesheet and script, named by their content's hash. */
  @Get('assets/:name')
  @ApiExcludeEndpoint()
  asset(@Param('name') name: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.headers(this.gateway.newSwapPage.headers);
    return assetReply(reply, this.gateway.newSwapPage.asset(name));
  }

  private answer(reply: FastifyReply, contentType: string): void {
    void reply.headers(this.gateway.newSwapPage.headers).header('Content-Type', contentType);
  }

  /** 0: go on; else the 429's Retry-After is set. */
  private limited(request: FastifyRequest, reply: FastifyReply): number {
    const wait = this.gateway.swapPageLimiter.take(request.ip);
    if (wait > 0) void reply.status(429).header('Retry-After', String(wait));
    return wait;
  }

  private tooManyRequests(wait: number): string {
    return this.gateway.newSwapPage.message(
      'Too many requests',
      `Please wait ${wait} s and load the page again.`,
    );
  }

  /** A page, or the page that says the service cannot answer now: never a 500 and its trace. */
  private async page(reply: FastifyReply, render: () => Promise<string>): Promise<string> {
    try {
      return await render();
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'swap page unavailable');
      void reply.status(503).header('Retry-After', '10');
      return this.gateway.newSwapPage.message(
        'Please try again',
        'The swap service is busy right now. Please try again in a few seconds.',
      );
    }
  }

  /** The envelope of section 2.1 with its data, the API's message (400), or a 429 / 503. */
  private async json(request: FastifyRequest, reply: FastifyReply, answer: () => Promise<unknown>) {
    const wait = this.limited(request, reply);
    if (wait > 0) return { ...fail('Rate limit exceeded'), retry_after: wait };
    try {
      return ok(await answer());
    } catch (error) {
      if (isSwapError(error)) {
        void reply.status(error.status);
        return fail(error.message);
      }
      this.logger.warn({ err: (error as Error).message }, 'swap page unavailable');
      void reply.status(503);
      return fail(UNAVAILABLE);
    }
  }
}

function isForm(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0].trim().toLowerCase() === FORM_TYPE;
}
