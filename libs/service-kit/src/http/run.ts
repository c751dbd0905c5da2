import type { FastifyInstance } from 'fastify';

export interface Closeable {
  name: string;
  close(): Promise<void>;
}

/**
 * Listen, and on SIGTERM or SIGINT shut down gracefully: stop accepting requests and let the
 * in-flight ones finish (Fastify close), then close workers and connections in the given order.
 * A shutdown that takes longer than the grace period exits with status 1.
 */
export async function runService(
  app: FastifyInstance,
  options: { host: string; port: number; graceSeconds: number; closeables: Closeable[] },
): Promise<string> {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, options.graceSeconds * 1000);
    timer.unref();
    // Requests in flight get half the grace period; then connections still open (a client holding
    // a keep-alive or a long-lived stream) are cut so that shutdown finishes.
    const cut = setTimeout(
      () => {
        app.log.warn('closing the connections still open');
        app.server.closeAllConnections();
      },
      (options.graceSeconds * 1000) / 2,
    );
    cut.unref();
    try {
      await app.close();
      clearTimeout(cut);
      for (const c of options.closeables) {
        try {
          app.log.debug({ closeable: c.name }, 'closing');
          await c.close();
        } catch (err) {
          app.log.error({ err, closeable: c.name }, 'close failed');
        }
      }
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return app.listen({ host: options.host, port: options.port });
}
