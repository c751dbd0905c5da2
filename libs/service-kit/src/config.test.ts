import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig, publicUrl, zBaseConfig } from './config.js';

describe('loadConfig', () => {
  it('needs no configuration at all for the embedded mode', () => {
    const config = loadConfig(zBaseConfig, {});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', TLS: false, TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(publicUrl(config)).toBe('http://localhost:3000');
  });

  it('fails fast listing every bad key', () => {
    const schema = zBaseConfig.extend({ LIMIT: z.coerce.number().int() });
    try {
      loadConfig(schema, { PORT: 'abc', DATABASE_URL: 'mysql://x', LIMIT: '1.5', NATS_URL: 'http://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).issues.map((i) => i.key).sort()).toEqual([
        'DATABASE_URL',
        'LIMIT',
        'NATS_URL',
        'PORT',
      ]);
      expect((err as Error).message).toMatch(/^Invalid configuration: /);
    }
  });

  it('treats empty values as unset and reads flags', () => {
    const config = loadConfig(zBaseConfig, {
      DATABASE_URL: '',
      TLS: 'true',
      TRUST_PROXY: 'loopback',
      PORT: '8080',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TLS).toBe(true);
    expect(config.TRUST_PROXY).toBe('loopback');
    expect(publicUrl(config)).toBe('http://localhost:8080');
  });
});
