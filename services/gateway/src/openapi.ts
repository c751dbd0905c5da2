import { type App, policy } from '@porta/service-kit';
import { z } from 'zod';

export type OpenApiDoc = {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, Record<string, { summary?: string }>>;
  components?: Record<string, Record<string, unknown>>;
};

/** One OpenAPI document from every service's own (paths are already under /api/<service>). */
export function mergeOpenApi(docs: Record<string, OpenApiDoc>) {
  const merged = {
    openapi: '3.0.3',
    info: { title: 'Porta API', version: '0.1.0' },
    paths: {} as Record<string, unknown>,
    components: {} as Record<string, Record<string, unknown>>,
    security: [{ bearer: [] }],
    tags: Object.keys(docs).map((name) => ({ name })),
  };
  for (const [service, doc] of Object.entries(docs)) {
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      merged.paths[path] = Object.fromEntries(
        Object.entries(operations).map(([method, op]) => [method, { ...op, tags: [service] }]),
      );
    }
    for (const [kind, entries] of Object.entries(doc.components ?? {})) {
      merged.components[kind] = { ...merged.components[kind], ...entries };
    }
  }
  return merged;
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** /api/docs (a readable index) and /api/docs/json (the merged document). */
export function docsRoutes(app: App, load: () => Promise<Record<string, OpenApiDoc>>) {
  app.get(
    '/api/docs/json',
    { schema: { hide: true }, config: { policy: policy.public('API description') } },
    async () => mergeOpenApi(await load()),
  );
  app.get(
    '/api/docs',
    {
      schema: { hide: true, querystring: z.object({}).loose() },
      config: { policy: policy.public('API description') },
    },
    async (_request, reply) => {
      const doc = mergeOpenApi(await load());
      const rows = Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>)
        .flatMap(([path, ops]) =>
          Object.entries(ops).map(
            ([method, op]) =>
              `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}</td></tr>`,
          ),
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Porta API</title></head><body><h1>Porta API</h1><p>The OpenAPI document: <a href="/api/docs/json">/api/docs/json</a></p><table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
        );
    },
  );
}
