import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, zBaseConfig } from '../config.js';
import {
  createOutbound,
  embeddedIpv4,
  isPublicAddress,
  OUTBOUND_FAILED,
  type Outbound,
  OutboundError,
  type OutboundRequest,
  outboundFor,
  parseCidr,
  type ResolveHost,
} from './outbound.js';

/**
 * The outbound guard. The test's own servers listen on 127.0.0.1, which the guard refuses; the
 * tests that need an answer let 127.0.0.1 through by the allow-list, or give a made-up host name
 * that an injected resolver answers and the allow-list names.
 */

let server: Server;
let port: number;
/** The address of the test server, as a client outside would write it. */
let origin: string;
/** Requests the server saw, by path. */
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push(path);
    const here = `http://${req.headers.host}`;
    if (path === '/secret') return void res.end('internal secret');
    if (path === '/feed') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('public feed');
    if (path === '/gzip')
      return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('packed feed'));
    if (path === '/headers') return void res.end(JSON.stringify(req.headers));
    if (path === '/slow') return; // never answers
    if (path === '/huge') {
      // No content-length: the limit must hold while reading.
      res.writeHead(200);
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(1024, 0x20));
      return void res.end();
    }
    if (path === '/huge-declared')
      return void res.writeHead(200, { 'content-length': String(64 * 1024) }).end(Buffer.alloc(64 * 1024));
    if (path === '/bomb')
      return void res
        .writeHead(200, { 'content-encoding': 'gzip' })
        .end(gzipSync(Buffer.alloc(1024 * 1024, 0x20)));
    if (path === '/status') return void res.writeHead(503).end('down');
    if (path.startsWith('/to?')) {
      const target = new URLSearchParams(path.slice(4)).get('url')!;
      return void res.writeHead(302, { location: target }).end();
    }
    if (path === '/relative') return void res.writeHead(301, { location: '/feed' }).end();
    if (path === '/loop') return void res.writeHead(307, { location: `${here}/loop` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const limits = { timeoutMs: 2_000, maxBytes: 4096 };

/** The failure of a fetch that must fail. */
async function failure(
  outbound: Outbound,
  url: string,
  request: OutboundRequest = limits,
): Promise<OutboundError> {
  try {
    await outbound.fetch(url, request);
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    return error as OutboundError;
  }
  throw new Error(`${url} was fetched`);
}

/** A resolver that knows only these names (and counts how often it was asked). */
function resolver(names: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const addresses = names[host];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const);
  };
  return Object.assign(resolve, { asked });
}

describe('isPublicAddress', () => {
  it.each([
    // loopback, this host, unspecified
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    // private, shared (CGNAT), link-local and the cloud metadata service
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    // IPv4 in IPv6: mapped (as a socket reads it), NAT64, 6to4, IPv4-compatible
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:c0a8:101::',
    '::127.0.0.1',
    // multicast, reserved, broadcast, documentation, benchmarking, protocol assignments, Teredo
    '224.0.0.1',
    '239.255.255.250',
    'ff02::1',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.51.100.1',
    '203.0.113.5',
    '198.18.0.1',
    '192.0.0.8',
    '2001:db8::1',
    '2001::1',
    '3fff::1',
    '100::1',
    // not an address at all
    'localhost',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads the IPv4 address inside IPv6 ones', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::FFFF:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('2002:a00:1::')).toBe('10.0.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
  });
});

describe('the outbound guard', () => {
  const guard = createOutbound();

  it.each([
    ['localhost', () => `http://localhost:${port}/secret`],
    ['127.0.0.1', () => `${origin}/secret`],
    ['127.1', () => `http://127.1:${port}/secret`],
    ['2130706433', () => `http://2130706433:${port}/secret`],
    ['0x7f.1', () => `http://0x7f.1:${port}/secret`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['[::1]', () => `http://[::1]:${port}/secret`],
    ['0.0.0.0', () => `http://0.0.0.0:${port}/secret`],
    ['LOCALHOST.', () => `http://LOCALHOST.:${port}/secret`],
  ])('refuses loopback written as %s before connecting', async (_spelling, url) => {
    const before = seen.length;
    const error = await failure(guard, url());
    expect(error.reason).toBe('address');
    expect(seen.length).toBe(before);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[::ffff:169.254.169.254]/',
    'https://[::ffff:a00:1]:8443/',
  ])('refuses %s (private, link-local, metadata) before connecting', async (url) => {
    const error = await failure(guard, url);
    expect(error.reason).toBe('address');
  });

  it('refuses a host name that resolves to an internal address, or to any one among public ones', async () => {
    const resolve = resolver({
      'intranet.example.test': ['10.20.30.40'],
      'mixed.example.test': ['93.184.215.14', '127.0.0.1'],
      'v6.example.test': ['2606:4700::1', 'fd00::5'],
      'mapped.example.test': ['::ffff:192.168.0.1'],
    });
    const outbound = createOutbound({ resolve });
    for (const host of ['intranet', 'mixed', 'v6', 'mapped']) {
      const error = await failure(outbound, `http://${host}.example.test/feed`);
      expect(error.reason, host).toBe('address');
    }
  });

  it('connects to the address it checked, not to what the name resolves to a moment later', async () => {
    // The first answer is the allowed 127.0.0.1; any later one would be an internal address. The
    // name is made up, so a connection that looked it up again would not reach the server at all.
    let calls = 0;
    const outbound = createOutbound({
      allowCidrs: ['127.0.0.1/32'],
      resolve: async () => [{ address: calls++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }],
    });
    const res = await outbound.fetch(`http://rebinding.example.test:${port}/feed`, limits);
    expect(res.body.toString()).toBe('public feed');
    expect(calls).toBe(1);
  });

  it('checks every redirect again: a public-looking server cannot send it to an internal address', async () => {
    // feeds.example.test stands for a public server (allowed by name); its redirects are not.
    const resolve = resolver({
      'feeds.example.test': ['127.0.0.1'],
      'intranet.example.test': ['127.0.0.1'],
      localhost: ['127.0.0.1', '::1'],
    });
    const outbound = createOutbound({ allowHosts: ['feeds.example.test'], resolve });
    const publicOrigin = `http://feeds.example.test:${port}`;
    expect((await outbound.fetch(`${publicOrigin}/feed`, limits)).body.toString()).toBe('public feed');
    for (const target of [
      `${origin}/secret`,
      `http://localhost:${port}/secret`,
      `http://intranet.example.test:${port}/secret`,
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const before = seen.filter((p) => p === '/secret').length;
      const error = await failure(outbound, `${publicOrigin}/to?url=${encodeURIComponent(target)}`);
      expect(error.reason, target).toBe('address');
      expect(seen.filter((p) => p === '/secret').length, target).toBe(before);
    }
    // A redirect within the allowed server is followed.
    const relative = await outbound.fetch(`${publicOrigin}/relative`, limits);
    expect(relative).toMatchObject({ status: 200, url: `${publicOrigin}/feed` });
  });

  it('follows only http and https redirects, and only a few', async () => {
    const outbound = createOutbound({ allowCidrs: ['127.0.0.1'] });
    for (const target of ['file:///etc/passwd', 'ftp://example.com/feed', 'gopher://127.0.0.1:6379/_INFO']) {
      const error = await failure(outbound, `${origin}/to?url=${encodeURIComponent(target)}`);
      expect(error.reason, target).toBe('redirect');
    }
    const before = seen.filter((p) => p === '/loop').length;
    expect((await failure(outbound, `${origin}/loop`)).reason).toBe('redirect');
    // The first request and three redirects.
    expect(seen.filter((p) => p === '/loop').length - before).toBe(4);
    expect((await failure(outbound, `${origin}/loop`, { ...limits, maxRedirects: 0 })).reason).toBe(
      'redirect',
    );
  });

  it('refuses addresses that are not http or https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'not a url', 'javascript:alert(1)']) {
      expect((await failure(guard, url)).reason, url).toBe('url');
    }
  });

  it('keeps to the time limit and the size limit, decompressed bytes included', async () => {
    const outbound = createOutbound({ allowCidrs: ['127.0.0.1/32'] });
    const started = Date.now();
    expect((await failure(outbound, `${origin}/slow`, { ...limits, timeoutMs: 300 })).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await failure(outbound, `${origin}/huge`)).reason).toBe('too-large');
    expect((await failure(outbound, `${origin}/huge-declared`)).reason).toBe('too-large');
    expect((await failure(outbound, `${origin}/bomb`)).reason).toBe('too-large');
    expect((await outbound.fetch(`${origin}/gzip`, limits)).body.toString()).toBe('packed feed');
  });

  it('answers any status of the final address, and sends the headers asked for', async () => {
    const outbound = createOutbound({ allowCidrs: ['127.0.0.0/8'] });
    const down = await outbound.fetch(`${origin}/status`, limits);
    expect(down.status).toBe(503);
    const echoed = await outbound.fetch(`${origin}/headers`, { ...limits, headers: { Accept: 'text/xml' } });
    expect(JSON.parse(echoed.body.toString())).toMatchObject({
      accept: 'text/xml',
      host: `127.0.0.1:${port}`,
      'user-agent': 'Porta',
    });
  });

  it("lets an operator's allow-list through: ranges, single addresses and host names", async () => {
    for (const options of [
      { allowCidrs: ['127.0.0.0/8'] },
      { allowCidrs: ['127.0.0.1'] },
      { allowCidrs: ['::ffff:127.0.0.1/128'] },
      {
        allowHosts: ['Intranet.Example.Test'],
        resolve: resolver({ 'intranet.example.test': ['127.0.0.1'] }),
      },
    ]) {
      const host = options.allowHosts ? 'intranet.example.test' : '127.0.0.1';
      const res = await createOutbound(options).fetch(`http://${host}:${port}/feed`, limits);
      expect(res.body.toString(), JSON.stringify(options)).toBe('public feed');
    }
    // A range lets only itself through.
    const narrow = createOutbound({ allowCidrs: ['10.0.0.0/8'] });
    expect((await failure(narrow, `${origin}/feed`)).reason).toBe('address');
  });

  it('gives one message for every refusal and failure, with no address, port or status in it', async () => {
    const outbound = createOutbound({ allowCidrs: ['127.0.0.1/32'] });
    const failures = [
      await failure(guard, `${origin}/secret`),
      await failure(guard, 'http://169.254.169.254/'),
      await failure(outbound, `${origin}/slow`, { ...limits, timeoutMs: 200 }),
      await failure(outbound, `${origin}/huge`),
      await failure(outbound, `${origin}/loop`),
      await failure(outbound, 'http://127.0.0.1:1/'),
      await failure(createOutbound({ resolve: resolver({}) }), 'http://nowhere.example.test/'),
    ];
    for (const error of failures) {
      expect(error.message).toBe(OUTBOUND_FAILED);
      expect(error.message).not.toMatch(/\d/);
      // The details stay for the server's log.
      expect(error.detail).not.toBe('');
    }
    expect(new Set(failures.map((e) => e.reason))).toEqual(
      new Set(['address', 'timeout', 'too-large', 'redirect', 'network']),
    );
  });
});

describe('the allow-list settings', () => {
  it('reads host names and ranges separated by commas or spaces', () => {
    const config = loadConfig(zBaseConfig, {
      OUTBOUND_ALLOW_HOSTS: 'feeds.intranet, wiki.intranet',
      OUTBOUND_ALLOW_CIDRS: '10.20.0.0/16, fd00::/8 192.168.1.5',
    });
    expect(config.OUTBOUND_ALLOW_HOSTS).toEqual(['feeds.intranet', 'wiki.intranet']);
    expect(config.OUTBOUND_ALLOW_CIDRS).toEqual(['10.20.0.0/16', 'fd00::/8', '192.168.1.5']);
    expect(loadConfig(zBaseConfig, {})).toMatchObject({ OUTBOUND_ALLOW_HOSTS: [], OUTBOUND_ALLOW_CIDRS: [] });
    expect(outboundFor(config)).toBeDefined();
  });

  it('refuses a range that is not one at start', () => {
    for (const bad of ['10.0.0.0/33', 'intranet', '10.0.0.0/8/1', 'fe80::1%eth0', '::/129', '10.0.0.0/x']) {
      expect(parseCidr(bad), bad).toBeNull();
      expect(() => loadConfig(zBaseConfig, { OUTBOUND_ALLOW_CIDRS: bad }), bad).toThrow(ConfigError);
    }
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 4 });
    expect(parseCidr('::1')).toEqual({ address: '::1', prefix: 128, family: 6 });
  });
});
