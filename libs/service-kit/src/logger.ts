import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';
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
        '*.password',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

export type LoggerOption = FastifyServerOptions['logger'];
