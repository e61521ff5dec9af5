import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of a request no route took (a 404 to an unknown path): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * swap_http_requests_total{route,status} and swap_http_request_duration_seconds{route} (D16).
 * The route is the template a request matched (/v1/swap/status, /swap/:id), so neither swap ids
 * nor tokens nor anything a client makes up becomes a label.
 */
export class HttpMetrics {
  private readonly requests: Counter<'route' | 'status'>;
  private readonly duration: Histogram<'route'>;

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: 'swap_http_requests_total',
      help: 'HTTP requests answered, by route template and status code',
      labelNames: ['route', 'status'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'swap_http_request_duration_seconds',
      help: 'Time from a request received to its answer sent, by route template',
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  /** `route`: the matched route's template, undefined when no route matched. */
  answered(route: string | undefined, status: number, seconds: number): void {
    const label = route || UNMATCHED_ROUTE;
    this.requests.inc({ route: label, status: String(status) });
    this.duration.observe({ route: label }, seconds);
  }
}
