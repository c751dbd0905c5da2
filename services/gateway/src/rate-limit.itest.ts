import { loadConfig } from '@porta/service-kit';
import { integrationServiceUrls, requireService } from '@porta/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

const { REDIS_URL } = integrationServiceUrls();
const up = await requireService('Redis', REDIS_URL);

describe.skipIf(!up)('rate limit shared through Redis', () => {
  const gateways: Gateway[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const gateway = await buildGateway(
        loadConfig(zGatewayConfig, {
          LOG_LEVEL: 'silent',
          MODE: 'distributed',
          IDENTITY_URL: 'http://127.0.0.1:9',
          REDIS_URL,
          RATE_LIMIT_PER_MINUTE: '3',
        }),
      );
      await gateway.app.ready();
      gateways.push(gateway);
    }
  });
  afterAll(async () => {
    for (const g of gateways) await g.close();
  });

  it('counts one client across several gateway processes', async () => {
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const ask = (g: Gateway) =>
      g.app.inject({ method: 'GET', url: `/rl-${Date.now()}`, remoteAddress: client });
    const codes = [];
    for (const g of [gateways[0]!, gateways[1]!, gateways[0]!, gateways[1]!])
      codes.push((await ask(g)).statusCode);
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });
});
