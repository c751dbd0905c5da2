import type { FastifyServerOptions } from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';
import type { BaseConfig } from './config.js';

/** pino options: JSON logs, secrets redacted, request id on every line (Fastify adds reqId). */
export function loggerOptions(config: Pick<BaseConfig, 'LOG_LEVEL'>, name: string): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    name,
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

/**
 * The process logger: JSON lines on standard output, written through a buffer (flushed every few
 * kilobytes, and on exit) so that logging does not hold up requests.
 */
export function createLogger(config: Pick<BaseConfig, 'LOG_LEVEL'>, name: string): Logger {
  const destination =
    config.LOG_LEVEL === 'silent'
      ? pino.destination({ dest: 1, sync: true })
      : pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino(loggerOptions(config, name), destination);
}
