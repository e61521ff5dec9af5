import { Controller, Get, Header, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  createSwapBody,
  listSwapsBody,
  quoteBody,
  resolveBody,
  swapLookupBody,
  swapStatsBody,
  validateAddressBody,
} from '@swap/contracts';
import {
  parseAddressCheck,
  parseBody,
  parseIdempotencyKey,
  parseListRequest,
  parseQuoteRequest,
  parseResolveRequest,
  parseStatsRequest,
  parseSwapLookup,
  type Gateway,
} from '@swap/gateway';
import { GATEWAY } from '../gateway.tokens';
import { ok } from './envelope';
import { ApiIdempotentCreate } from './idempotency.openapi';
import { ApiRequestBody } from './openapi.requests';
import {
  addressCheckEnvelope,
  ApiResponseBody,
  currencyEnvelope,
  errorEnvelope,
  pairEnvelope,
  quoteEnvelope,
  swapListEnvelope,
  swapOrderEnvelope,
  swapStatsEnvelope,
} from './openapi.responses';
import { SignatureGuard } from './signature.guard';
import { Authenticated, rawBody, SignedFastifyRequest } from './signed-request';

const signed = (request: SignedFastifyRequest): Authenticated => request.auth as Authenticated;

/**
 * A quote is shared and never changed while the market stands still (QuoteSwap's QuoteCache
 * hands out the same object), so its response is serialised once, not on every request.
 */
const quoteResponses = new WeakMap<object, string>();
function quoteResponse(quote: object): string {
  let json = quoteResponses.get(quote);
  if (json === undefined) {
    json = JSON.stringify(ok(quote));
    quoteResponses.set(quote, json);
  }
  return json;
}

/** Section 4: the swap endpoints. Each unpacks the signed request and calls one use case. */
@ApiTags('swap')
@ApiHeader({ name: 'X-API-KEY', required: true, description: 'API key id' })
@ApiHeader({ name: 'X-API-TIMESTAMP', required: true, description: 'Unix time in seconds (±30 s)' })
@ApiHeader({
  name: 'X-API-NONCE',
  required: true,
  description: '16–64 characters of [A-Za-z0-9_-], single use',
})
@ApiHeader({ name: 'X-API-SIGN', required: true, description: 'hex HMAC-SHA256 (see README, decision D2)' })
@ApiResponseBody(errorEnvelope, { status: 400, description: 'Validation or business error' })
@ApiResponseBody(errorEnvelope, { status: 401, description: 'Invalid credentials / Invalid signature' })
@ApiResponseBody(errorEnvelope, {
  status: 429,
  description: 'Rate limit exceeded (retry_after, Retry-After)',
})
@Controller('v1/swap')
@UseGuards(SignatureGuard)
export class SwapController {
  constructor(@Inject(GATEWAY) private readonly gateway: Gateway) {}

  @Get('currencies')
  @ApiOperation({ summary: 'List supported currencies (GET signs an empty body)' })
  @ApiResponseBody(currencyEnvelope, { status: 200 })
  currenciesGet() {
    return ok(this.gateway.listCurrencies.execute());
  }

  @Post('currencies')
  @HttpCode(200)
  @ApiOperation({ summary: 'List supported currencies' })
  @ApiResponseBody(currencyEnvelope, { status: 200 })
  currencies() {
    return ok(this.gateway.listCurrencies.execute());
  }

  @Get('pairs')
  @ApiOperation({ summary: 'List swappable pairs (GET signs an empty body)' })
  @ApiResponseBody(pairEnvelope, { status: 200 })
  pairsGet(@Req() request: SignedFastifyRequest) {
    return ok(this.gateway.listPairs.execute(signed(request).apiKey));
  }

  @Post('pairs')
  @HttpCode(200)
  @ApiOperation({ summary: 'List swappable pairs' })
  @ApiResponseBody(pairEnvelope, { status: 200 })
  pairs(@Req() request: SignedFastifyRequest) {
    return ok(this.gateway.listPairs.execute(signed(request).apiKey));
  }

  @Post('price')
  @HttpCode(200)
  @ApiOperation({ summary: 'Get a quote' })
  @ApiRequestBody(quoteBody)
  @ApiResponseBody(quoteEnvelope, { status: 200 })
  @Header('Content-Type', 'application/json; charset=utf-8')
  price(@Req() request: SignedFastifyRequest) {
    const quote = parseQuoteRequest(parseBody(rawBody(request)), signed(request).apiKey);
    return quoteResponse(this.gateway.quoteSwap.execute(quote));
  }

  @Post('create')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a swap order' })
  @ApiRequestBody(createSwapBody)
  @ApiIdempotentCreate()
  async create(@Req() request: SignedFastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const { apiKey, requestId } = signed(request);
    const idempotencyKey = parseIdempotencyKey(request.headers['idempotency-key']);
    // A body that fails its checks claims no key: the client fixes it and retries with the same one.
    const order = this.gateway.parseCreate(parseBody(rawBody(request)), apiKey);
    const answer = await this.gateway.createSwap.execute({
      request: order,
      key: apiKey,
      requestId,
      idempotencyKey,
    });
    if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
    return ok(answer.swap);
  }

  @Post('status')
  @HttpCode(200)
  @ApiOperation({ summary: 'Get a swap order' })
  @ApiRequestBody(swapLookupBody)
  @ApiResponseBody(swapOrderEnvelope, { status: 200 })
  @ApiResponseBody(errorEnvelope, { status: 404, description: 'Swap not found' })
  async status(@Req() request: SignedFastifyRequest) {
    const lookup = parseSwapLookup(parseBody(rawBody(request)));
    return ok(await this.gateway.swapStatus.execute(lookup, signed(request).apiKey));
  }

  @Post('emergency')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resolve a swap that cannot simply execute (EXCHANGE or REFUND)' })
  @ApiRequestBody(resolveBody)
  @ApiResponseBody(swapOrderEnvelope, { status: 200 })
  async emergency(@Req() request: SignedFastifyRequest) {
    const choice = parseResolveRequest(parseBody(rawBody(request)));
    return ok(await this.gateway.resolveSwap.execute(choice, signed(request).apiKey));
  }

  @Post('resolve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Alias of /swap/emergency' })
  @ApiRequestBody(resolveBody)
  @ApiResponseBody(swapOrderEnvelope, { status: 200 })
  async resolve(@Req() request: SignedFastifyRequest) {
    return this.emergency(request);
  }

  @Post('advance')
  @HttpCode(200)
  @ApiOperation({ summary: 'Advance a dry-run swap by one step (testing)' })
  @ApiRequestBody(swapLookupBody)
  @ApiResponseBody(swapOrderEnvelope, { status: 200 })
  async advance(@Req() request: SignedFastifyRequest) {
    const lookup = parseSwapLookup(parseBody(rawBody(request)));
    return ok(await this.gateway.advanceSwap.execute(lookup, signed(request).apiKey));
  }

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: "The calling key's swaps, newest first, a page at a time (D14)" })
  @ApiRequestBody(listSwapsBody)
  @ApiResponseBody(swapListEnvelope, { status: 200 })
  async list(@Req() request: SignedFastifyRequest) {
    const list = parseListRequest(parseBody(rawBody(request)), signed(request).apiKey.key);
    return ok(await this.gateway.listSwaps.execute(list));
  }

  @Post('validate-address')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check an address for a currency by the rules create applies (D15)' })
  @ApiRequestBody(validateAddressBody)
  @ApiResponseBody(addressCheckEnvelope, { status: 200 })
  validateAddress(@Req() request: SignedFastifyRequest) {
    return ok(this.gateway.validateAddress.execute(parseAddressCheck(parseBody(rawBody(request)))));
  }

  @Post('stats')
  @HttpCode(200)
  @ApiOperation({ summary: "The calling key's swaps created in [since, until), per pair (at most 366 days)" })
  @ApiRequestBody(swapStatsBody)
  @ApiResponseBody(swapStatsEnvelope, { status: 200 })
  @ApiResponseBody(errorEnvelope, { status: 503, description: 'The ledger cannot be read right now; retry' })
  async swapStats(@Req() request: SignedFastifyRequest) {
    const range = parseStatsRequest(parseBody(rawBody(request)), signed(request).apiKey.key);
    return ok(await this.gateway.swapStats.execute(range));
  }
}
