import type { FastifyServerOptions } from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';
import type { BaseConfig } from './config.js';
import { serializeError } from './error-serializer.js';

/**
 * pino options: JSON logs, secrets redacted, request id on every line (Fastify adds reqId), and
 * errors without the values of a failed statement (serializeError).
 */
export function loggerOptions(config: Pick<BaseConfig, 'LOG_LEVEL'>, name: string): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    name,
    serializers: { err: serializeError, parkError: serializeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'body.password',
        'body.refreshToken',
        'body.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

export type LoggerOption = FastifyServerOptions['logger'];

/** How often the process logger writes out what it has buffered, however little that is. */
export const LOG_FLUSH_EVERY_MS = 1_000;

/**
 * The process logger: JSON lines on standard output, written through a buffer so that logging
 * does not hold up requests. The buffer goes out when it holds a few kilobytes, every
 * {@link LOG_FLUSH_EVERY_MS} (so a quiet process's last lines never wait for minutes), and on exit.
 * Error and fatal lines are written through at once, with whatever was buffered before them, so
 * that a kill -9 right after them still leaves the lines that explain it.
 */
export function createLogger(config: Pick<BaseConfig, 'LOG_LEVEL'>, name: string): Logger {
  if (config.LOG_LEVEL === 'silent') {
    return pino(loggerOptions(config, name), pino.destination({ dest: 1, sync: true }));
  }
  // periodicFlush is sonic-boom's own unref'd timer: it never keeps the process alive.
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: LOG_FLUSH_EVERY_MS,
  });
  const errorLevel = pino.levels.values.error ?? 50;
  return pino(
    {
      ...loggerOptions(config, name),
      hooks: {
        // Child loggers (Fastify's request loggers among them) share this hook.
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= errorLevel) writeThrough(destination);
        },
      },
    },
    destination,
  );
}

/**
 * Write what the destination holds now. A destination not open yet (or already closed) throws;
 * the line then stays buffered for the next flush, since a log call must never fail.
 */
function writeThrough(destination: { flushSync(): void }) {
  try {
    destination.flushSync();
  } catch {
    // not ready or closed: the periodic flush or the exit writes it
  }
}
