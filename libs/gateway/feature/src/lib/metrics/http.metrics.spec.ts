import { Registry } from 'prom-client';
import { HttpMetrics } from './http.metrics';

describe('HttpMetrics', () => {
  it('counts by route template and status, and times each route', async () => {
    const registry = new Registry();
    const metrics = new HttpMetrics(registry);
    metrics.answered('/v1/swap/create', 201, 0.02);
    metrics.answered('/v1/swap/create', 201, 0.2);
    metrics.answered('/v1/swap/create', 400, 0.001);
    metrics.answered(undefined, 404, 0.001);
    const text = await registry.metrics();
    expect(text).toContain('swap_http_requests_total{route="/v1/swap/create",status="201"} 2');
    expect(text).toContain('swap_http_requests_total{route="/v1/swap/create",status="400"} 1');
    expect(text).toContain('swap_http_requests_total{route="unmatched",status="404"} 1');
    expect(text).toContain('swap_http_request_duration_seconds_count{route="/v1/swap/create"} 3');
    expect(text).toContain('swap_http_request_duration_seconds_bucket{le="0.025",route="/v1/swap/create"} 2');
  });
});
