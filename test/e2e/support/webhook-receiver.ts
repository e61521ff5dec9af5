import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST as a receiver got it: what the SDK's verifyWebhook is given. */
export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * An integrator's webhook endpoint on this machine: keeps every request, answers what `answer`
 * says (200 unless told otherwise).
 */
export class WebhookReceiver {
  readonly got: Delivery[] = [];
  answer: (delivery: Delivery) => number = () => 200;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const delivery = { headers: req.headers, body, at: Date.now() };
        this.got.push(delivery);
        res.statusCode = this.answer(delivery);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
  }

  /** The event ids received, in order, for one swap. */
  idsOf(swapId: string): string[] {
    return this.got
      .map((d) => JSON.parse(d.body) as { id: string; data: { id: string } })
      .filter((event) => event.data.id === swapId)
      .map((event) => event.id);
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
