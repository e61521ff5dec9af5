import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ApiKeyInfo } from '@swap/contracts';
import { isSwapError, type Logger } from '@swap/domain';
import { STREAM_ERRORS, type Gateway, type LiveSink } from '@swap/gateway';
import { GATEWAY, GATEWAY_LOGGER } from '../gateway.tokens';
import { fail } from '../http/envelope';
import { signedRequestOf } from '../http/signed-request';
import { LiveConnections } from './live-connections';
import { streamSignature } from './stream-signature';

export const STREAM_PATH = '/v1/swap/stream';
/** A client's frames are small JSON objects. */
const MAX_FRAME_BYTES = 4096;
/** Output a client has not read yet, past which it is closed rather than held in memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * D18's WebSocket at GET /v1/swap/stream. An upgrade request is routed through Fastify like any
 * other (its client IP behind proxies, the access log), to a route that verifies D2's signature
 * (headers or query) before it upgrades: a refusal is a plain HTTP answer in the API envelope.
 */
@Injectable()
export class SwapStreamServer implements OnModuleInit {
  private readonly sockets = new WeakMap<IncomingMessage, { socket: Duplex; head: Buffer }>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  constructor(
    private readonly adapter: HttpAdapterHost,
    @Inject(GATEWAY) private readonly gateway: Gateway,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly connections: LiveConnections,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapter.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(STREAM_PATH, (request, reply) => this.upgrade(request, reply));
    fastify.server.on('upgrade', (raw: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.sockets.set(raw, { socket, head });
      // A Fastify reply written to the upgrade's socket, which nothing else will close.
      const response = new ServerResponse(raw);
      response.assignSocket(socket as Socket);
      response.on('finish', () => socket.destroy());
      socket.on('error', () => socket.destroy());
      fastify.routing(raw, response);
    });
  }

  private async upgrade(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const upgrade = this.sockets.get(request.raw);
    if (!upgrade || request.headers.upgrade?.toLowerCase() !== 'websocket')
      return reply.status(426).header('Upgrade', 'websocket').send(fail('Connect with a WebSocket (D18)'));
    let key: ApiKeyInfo;
    try {
      key = await this.gateway.verifyRequest.execute(streamSignature(signedRequestOf(request)), 'stream');
    } catch (error) {
      if (!isSwapError(error)) throw error;
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.status).send({ ...fail(error.message), retry_after: error.retryAfter });
    }
    void reply.hijack();
    this.wss.handleUpgrade(request.raw, upgrade.socket, upgrade.head, (ws) => this.open(ws, key));
    return reply;
  }

  private open(ws: WebSocket, key: ApiKeyInfo): void {
    const send = (text: string) => {
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.logger.warn({ key: key.key }, 'live client too slow: closed');
        ws.close(1008, 'Too slow: reconnect and resume with after');
      } else ws.send(text);
    };
    const sink: LiveSink = {
      swap: (snapshot) => send(this.gateway.live.events.of(snapshot).message),
      reply: (message) => send(JSON.stringify(message)),
    };
    const session = this.gateway.live.connect(key, sink);
    if (!session) {
      const msg = STREAM_ERRORS.tooManyConnections(this.gateway.live.limits.connectionsPerKey);
      sink.reply({ type: 'error', msg });
      ws.close(1008, 'Too many connections');
      return;
    }
    let answered = true;
    const release = this.connections.add({
      beat: () => {
        if (!answered) return ws.terminate();
        answered = false;
        ws.ping();
      },
      shutdown: () => ws.close(1001, 'Server shutting down'),
    });
    ws.on('pong', () => (answered = true));
    ws.on('message', (data, binary) => {
      if (binary) sink.reply({ type: 'error', msg: STREAM_ERRORS.notJson });
      else void session.receive(data.toString());
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      release();
      this.gateway.live.disconnect(session);
    });
  }
}
