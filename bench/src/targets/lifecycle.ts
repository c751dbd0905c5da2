import type { FastifyInstance } from 'fastify';

/** Listen on HOST:PORT from the environment and close cleanly on SIGTERM or SIGINT. */
export async function listenUntilStopped(app: FastifyInstance, onClose?: () => Promise<void>) {
  const stop = async () => {
    await app.close();
    await onClose?.();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });
}
