import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { HealthService } from './health.service';

// Only what the handler needs from Fastify's reply, so this library doesn't depend on Fastify.
interface StatusReply {
  status(code: number): unknown;
}

/** `reasons` holds what the failed checks said of themselves, by check name. */
export type ReadyzBody =
  { status: 'ok' } | { status: 'unavailable'; failed: string[]; reasons: Record<string, string> };

/** Unsigned probes outside /v1 (D1): liveness of the process, readiness of its dependencies. */
@Controller()
export class HealthController {
  constructor(@Inject(HealthService) private readonly health: HealthService) {}

  @Get('livez')
  livez(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res({ passthrough: true }) reply: StatusReply): Promise<ReadyzBody> {
    const { ready, failed, reasons } = await this.health.readiness();
    if (ready) return { status: 'ok' };
    reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'unavailable', failed, reasons };
  }
}
