import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type App, AppError, policy } from '@porta/service-kit';
import { z } from 'zod';
import { WEB_APP_HEADERS } from './security.js';

interface WebApp {
  /** URL prefix, '/' or '/admin/'. */
  prefix: string;
  dir: string;
}

/** A path inside dir, or null when it would leave it. */
function inside(dir: string, relative: string): string | null {
  const full = resolve(dir, `.${sep}${relative}`);
  return full === dir || full.startsWith(dir + sep) ? full : null;
}

/**
 * Serves the built web apps: files as they are, or their precompressed copy (hashed assets cached
 * for a year), and index.html for every other path of an app (SPA fallback). API paths never fall
 * back.
 */
export async function webAppRoutes(app: App, apps: { resident: string; admin: string }) {
  // preCompressed: the build leaves a .br and a .gz beside each text file (scripts/precompress.mjs);
  // the one the browser accepts is sent, the file itself otherwise.
  await app.register(fastifyStatic, {
    root: resolve(apps.resident),
    serve: false,
    cacheControl: false,
    preCompressed: true,
  });
  const admin: WebApp = { prefix: '/admin/', dir: resolve(apps.admin) };
  const resident: WebApp = { prefix: '/', dir: resolve(apps.resident) };

  app.get(
    '/*',
    {
      schema: { hide: true, params: z.object({ '*': z.string() }) },
      config: { policy: policy.public('the web apps are public; their API calls are not') },
      // Compressed at build, never per request (a file without copies is small, or not text).
      compress: false,
    },
    async (request, reply) => {
      // The raw path: the router ignores trailing slashes, and /admin and /admin/ differ here.
      const path = (request.url.split('?')[0] ?? '/').replace(/\/{2,}/g, '/');
      if (path === '/api' || path.startsWith('/api/')) throw new AppError('NOT_FOUND');
      if (path === '/admin') return reply.redirect('/admin/', 301);
      const web = path.startsWith(admin.prefix) ? admin : resident;
      const relative = decodeURIComponent(path.slice(web.prefix.length));
      const file = relative ? inside(web.dir, relative) : null;
      if (file && existsSync(file) && !file.endsWith(sep)) {
        const immutable = relative.startsWith('assets/');
        if (relative.endsWith('.html')) reply.headers(WEB_APP_HEADERS);
        return reply
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .header('vary', 'accept-encoding')
          .sendFile(relative, web.dir);
      }
      if (/\.[a-z0-9]{1,8}$/i.test(relative)) throw new AppError('NOT_FOUND');
      if (!existsSync(resolve(web.dir, 'index.html'))) {
        throw new AppError('UNAVAILABLE', { detail: 'The web app has not been built: run `npm run build`.' });
      }
      return reply
        .headers(WEB_APP_HEADERS)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .sendFile('index.html', web.dir);
    },
  );
}
