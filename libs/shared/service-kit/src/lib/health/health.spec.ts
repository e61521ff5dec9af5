import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bootstrapService, createLogger, HealthModule, HealthService, notReady } from '../../index';

describe('HealthModule via bootstrapService', () => {
  let app: NestFastifyApplication;
  let base: string;
  const state = { bus: true };

  beforeAll(async () => {
    @Module({
      imports: [
        HealthModule.forRoot({
          timeoutMs: 100,
          checks: {
            database: async () => true,
            bus: () => state.bus,
            slow: () => new Promise<void>((resolve) => setTimeout(resolve, 10)),
          },
        }),
      ],
    })
    class AppModule {}
    app = await bootstrapService({
      name: 'health-test',
      module: AppModule,
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('health-test', { level: 'silent' }),
      exitOnFatalErrors: false,
    });
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers livez', async () => {
    const res = await fetch(`${base}/livez`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers readyz 200 when every check passes', async () => {
    state.bus = true;
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers readyz 503 naming the failed check', async () => {
    state.bus = false;
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', failed: ['bus'], reasons: {} });
  });

  it('carries the reason a check gave, and answers ready again once it passes', async () => {
    state.bus = true;
    let reason: string | null = 'the LTC node has not answered since 2026-01-01T12:00:00.000Z';
    app.get(HealthService).register('node', () => (reason === null ? true : notReady(reason)));
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'unavailable',
      failed: ['node'],
      reasons: { node: 'the LTC node has not answered since 2026-01-01T12:00:00.000Z' },
    });
    expect(() => app.get(HealthService).register('node', () => true)).toThrow('already registered');

    reason = null;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});

describe('HealthModule checks', () => {
  it('counts a throw and a timeout as failures', async () => {
    @Module({
      imports: [
        HealthModule.forRootAsync({
          useFactory: () => ({
            timeoutMs: 50,
            checks: {
              throws: () => {
                throw new Error('postgres://u:secret@h/db refused');
              },
              hangs: () => new Promise<void>(() => undefined),
              fine: () => undefined,
            },
          }),
        }),
      ],
    })
    class AppModule {}
    const app = await bootstrapService({
      name: 'health-test',
      module: AppModule,
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('health-test', { level: 'silent' }),
      exitOnFatalErrors: false,
    });
    try {
      const res = await fetch(`${await app.getUrl()}/readyz`);
      expect(res.status).toBe(503);
      const body = await res.text();
      // A thrown error's message never shows (it names the database here); a timeout says so.
      expect(JSON.parse(body)).toEqual({
        status: 'unavailable',
        failed: ['throws', 'hangs'],
        reasons: { hangs: 'no answer within 50 ms' },
      });
      expect(body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
