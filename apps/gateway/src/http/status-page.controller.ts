import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { isSwapError } from '@swap/domain';
import { renderStatusNotFound, renderStatusPage, SwapUseCases } from '@swap/gateway';

/** D1: the public page behind a swap's `url`, for the end user. Unsigned: the link's token authorizes it. */
@ApiTags('status page')
@Controller('swap')
export class StatusPageController {
  constructor(private readonly swaps: SwapUseCases) {}

  @Get(':id')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  @ApiOperation({ summary: "A swap's public status page (the order's url)" })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: true, description: "the swap's token" })
  @ApiResponse({ status: 200, description: 'HTML status page' })
  @ApiResponse({ status: 404, description: 'Unknown swap or wrong token' })
  async show(
    @Param('id') id: string,
    @Query('token') token: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    try {
      return renderStatusPage(await this.swaps.publicStatus(id, token));
    } catch (error) {
      if (!isSwapError(error) || error.status !== 404) throw error;
      void reply.status(404);
      return renderStatusNotFound();
    }
  }
}
