import { Controller, Get, Inject, Res } from '@nestjs/common';
import { Registry } from 'prom-client';

// Only what the handler needs from Fastify's reply, so this library doesn't depend on Fastify.
interface HeaderReply {
  header(name: string, value: string): unknown;
}

/** Unsigned, beside /livez (D16); the chart's Ingress routes /v1 only, so it stays in the cluster. */
@Controller()
export class MetricsController {
  constructor(@Inject(Registry) private readonly registry: Registry) {}

  @Get('metrics')
  async metrics(@Res({ passthrough: true }) reply: HeaderReply): Promise<string> {
    reply.header('content-type', this.registry.contentType);
    return this.registry.metrics();
  }
}
