import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bootstrapService, createLogger, HealthModule } from '../../index';

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
    expect(await res.json()).toEqual({ status: 'unavailable', failed: ['bus'] });
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
      expect(JSON.parse(body)).toEqual({ status: 'unavailable', failed: ['throws', 'hangs'] });
      expect(body).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
