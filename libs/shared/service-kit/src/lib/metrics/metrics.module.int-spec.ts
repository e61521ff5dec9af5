import { Inject, Injectable, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Counter, Registry } from 'prom-client';
import { bootstrapService, createLogger, scrapeGauge } from '../../index';

/** A feature registering its metrics the way services do: by injecting the registry. */
@Injectable()
class OrdersMetrics {
  readonly placed: Counter<'kind'>;
  constructor(@Inject(Registry) registry: Registry) {
    this.placed = new Counter({
      name: 'test_orders_total',
      help: 'orders',
      labelNames: ['kind'],
      registers: [registry],
    });
    scrapeGauge(registry, { name: 'test_backlog', help: 'backlog', read: () => [{ labels: {}, value: 7 }] });
    scrapeGauge(registry, {
      name: 'test_broken',
      help: 'a read that fails',
      read: async () => Promise.reject(new Error('postgres://u:secret@h/db refused')),
    });
    scrapeGauge(registry, {
      name: 'test_hanging',
      help: 'a read that never answers',
      timeoutMs: 50,
      read: () => new Promise<never>(() => undefined),
    });
  }
}

describe('MetricsModule via bootstrapService', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    @Module({ providers: [OrdersMetrics] })
    class AppModule {}
    app = await bootstrapService({
      name: 'metrics-test',
      module: AppModule,
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('metrics-test', { level: 'silent' }),
      exitOnFatalErrors: false,
    });
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
  });

  it('serves the registry in the Prometheus text format, unsigned', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const body = await res.text();
    expect(body).toMatch(/^# HELP /m);
    expect(body).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
  });

  it('labels every sample with the service, default process metrics included', async () => {
    const body = await (await fetch(`${base}/metrics`)).text();
    expect(body).toMatch(/^process_resident_memory_bytes\{service="metrics-test"\} \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds\{service="metrics-test"\} /m);
  });

  it("shows a feature's metrics as they move", async () => {
    app.get(OrdersMetrics).placed.inc({ kind: 'fixed' }, 2);
    const body = await (await fetch(`${base}/metrics`)).text();
    expect(body).toContain('test_orders_total{kind="fixed",service="metrics-test"} 2');
    expect(body).toContain('test_backlog{service="metrics-test"} 7');
  });

  it('serves the scrape when a read fails or hangs, counting the failures without their errors', async () => {
    const started = Date.now();
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    const body = await res.text();
    expect(body).toMatch(/^# TYPE test_broken gauge$/m);
    // prom-client writes "Nan", which Prometheus (strconv.ParseFloat) reads as NaN.
    expect(body).toMatch(/^test_broken\{service="metrics-test"\} nan$/im);
    expect(body).toMatch(
      /^swap_metrics_read_failures_total\{metric="test_broken",service="metrics-test"\} \d+/m,
    );
    expect(body).toMatch(
      /^swap_metrics_read_failures_total\{metric="test_hanging",service="metrics-test"\} \d+/m,
    );
    expect(body).not.toContain('secret');
  });
});
