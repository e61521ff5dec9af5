import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { ROOT } from '../../../apps/launcher/src/repo-paths';

// Compose files read as `docker compose` reads them, for what ours use: YAML anchors and merges,
// interpolation from the host's variables, and the override rules of `-f a -f b`.

export type Env = Record<string, string>;
export interface Service {
  build?: unknown;
  image?: string;
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
  restart?: string;
  environment?: Record<string, unknown> | string[];
  volumes?: string[];
  secrets?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
export interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  secrets?: Record<string, { file: string }>;
}

/** `$$`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`, `${VAR?message}`, `$VAR`. */
export function interpolate<T>(value: T, env: Env): T {
  if (typeof value === 'string') {
    const pattern = /\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}|\$(\w+)/g;
    return value.replace(
      pattern,
      (whole, name?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
        if (whole === '$$') return '$';
        const current = env[(name ?? bare) as string];
        const missing = current === undefined || (colon === ':' && current === '');
        if (op === '-' && missing) return arg as string;
        if (op === '?' && missing) throw new Error(`compose refuses: ${arg}`);
        return current ?? '';
      },
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)])) as T;
  return value;
}

/** A service's `environment`, list or map; a name without a value comes from the host, if it has one. */
export function environmentOf(service: Service, host: Env): Env {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2))
    : Object.entries(service.environment ?? {});
  return Object.fromEntries(
    entries.flatMap(([k, v]) =>
      v === null || v === undefined ? (k in host ? [[k, host[k]]] : []) : [[k, String(v)]],
    ),
  );
}

/** The override rules `docker compose -f a -f b` applies to what these files use. */
function mergeService(base: Service, over: Service, host: Env): Service {
  const byTarget = (list: string[] = []) => new Map(list.map((v) => [v.split(':')[1], v]));
  return {
    ...base,
    ...over,
    environment: { ...environmentOf(base, host), ...environmentOf(over, host) },
    volumes: [...new Map([...byTarget(base.volumes), ...byTarget(over.volumes)]).values()],
    secrets: [...new Set([...(base.secrets ?? []), ...(over.secrets ?? [])])],
    depends_on: { ...base.depends_on, ...over.depends_on },
  };
}

/** The files of this checkout, the first overridden by the others, interpolated from `host`. */
export function loadCompose(files: string[], host: Env): Compose {
  const [first, ...overrides] = files.map(
    (file) =>
      interpolate(
        load(readFileSync(join(ROOT, file), 'utf8'), { schema: CORE_SCHEMA.withTags(mergeTag) }),
        host,
      ) as Compose,
  );
  return overrides.reduce<Compose>(
    (compose, over) => ({
      services: Object.fromEntries(
        [...new Set([...Object.keys(compose.services), ...Object.keys(over.services)])].map((name) => [
          name,
          mergeService(compose.services[name] ?? {}, over.services[name] ?? {}, host),
        ]),
      ),
      volumes: { ...compose.volumes, ...over.volumes },
      secrets: { ...compose.secrets, ...over.secrets },
    }),
    first,
  );
}
