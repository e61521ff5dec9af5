import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: the default process metrics (CPU, memory, event-loop lag, GC) and
 * every metric a feature registers, each sample labelled with the service (gateway, watcher-btc…).
 */
export function createMetricsRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}
