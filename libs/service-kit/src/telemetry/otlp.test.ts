import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { startTelemetry } from './provider.js';
import { inSpan } from './tracing.js';

describe('OTLP export', () => {
  it('sends spans to <endpoint>/v1/traces over HTTP, flushed on shutdown', async () => {
    const requests: { url: string | undefined; contentType: string | undefined; size: number }[] = [];
    const server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push({
          url: req.url,
          contentType: req.headers['content-type'],
          size: Buffer.concat(chunks).length,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const telemetry = startTelemetry({
      serviceName: 'otlp-test',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`,
    });
    expect(telemetry.enabled).toBe(true);
    await inSpan('work', { kind: SpanKind.INTERNAL }, async () => undefined);
    await telemetry.shutdown();
    await new Promise<void>((resolve) => server.close(() => resolve()));

    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests[0]).toMatchObject({ url: '/v1/traces' });
    expect(requests[0]!.size).toBeGreaterThan(0);
  });
});
