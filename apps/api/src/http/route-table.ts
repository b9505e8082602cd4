import type { FastifyInstance } from 'fastify';

interface RouteEntry {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * The methods each path accepts, collected as routes are registered, so an unmatched request
 * on a known path answers 405 with `Allow` instead of 404.
 */
export class RouteTable {
  private readonly routes = new Map<string, RouteEntry>();

  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const url = route.url.replace(/\/+$/, '') || '/';
      const entry = this.routes.get(url) ?? { pattern: toRegExp(url), methods: new Set() };
      for (const m of methods) if (m !== 'HEAD' && m !== 'OPTIONS') entry.methods.add(m);
      this.routes.set(url, entry);
    });
  }

  /** Methods allowed on `path` (without query), or an empty list for an unknown path. */
  allowed(path: string): string[] {
    const p = path.split('?')[0].replace(/\/+$/, '') || '/';
    const out = new Set<string>();
    for (const { pattern, methods } of this.routes.values()) {
      if (pattern.test(p)) for (const m of methods) out.add(m);
    }
    return [...out];
  }
}

function toRegExp(url: string): RegExp {
  const body = url
    .split('/')
    .map((seg) =>
      seg.startsWith(':')
        ? '[^/]+'
        : seg === '*'
          ? '.*'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}$`);
}
