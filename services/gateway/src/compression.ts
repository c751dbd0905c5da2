import compress from '@fastify/compress';
import type { App } from '@porta/service-kit';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: JSON (problem+json included), text except live event streams (which
 * must reach the browser event by event), scripts, styles, SVG and XML. Files such as images, PDFs
 * and uploads (octet-stream) are compressed already or not worth it.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript(?:;|$)|[/+]xml(?:;|$)/u;

/**
 * Compresses the gateway's answers (issue 17, ADR 0005): API answers and proxied answers above
 * COMPRESS_THRESHOLD_BYTES with brotli (quality 4, cheap enough per request) or gzip, whichever the
 * client prefers. The web apps' built files are compressed once at build (brotli 11 and gzip 9,
 * scripts/precompress.mjs) and served as they are (web-apps.ts); an answer that already carries a
 * Content-Encoding is left alone. Register before any route: the plugin attaches to routes as they
 * are added. Requests are not decompressed: no client of Porta sends compressed bodies.
 */
export async function compression(app: App) {
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
  });
}
