import { promises as dns } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { BaseConfig } from '../config.js';

/**
 * Requests the services make to addresses someone else chose: staff-set feed URLs now, the
 * meter-provider, warranty and booking adapters later. Such an address must not reach the
 * portal's own network (loopback, link-local and cloud metadata, private ranges), so every
 * outbound request goes through this guard:
 *
 * - the host name is resolved (every address) and refused when any address is not a public
 *   unicast address, unless the operator allowed the host or its range (OUTBOUND_ALLOW_HOSTS,
 *   OUTBOUND_ALLOW_CIDRS);
 * - the connection goes to an address that was checked, so a name that resolves differently a
 *   moment later (DNS rebinding) reaches nothing new;
 * - redirects are followed here, at most a few, each one checked again, http and https only;
 * - one time limit covers the whole request, redirects and body included, and the body is cut at
 *   a size limit (after decompression).
 *
 * Every refusal and failure is an OutboundError with the same message: what went wrong, and where,
 * is in `reason` and `detail` for the server's log, never for the person who set the address (a
 * staff user must not be able to map the internal network by reading errors).
 */

/** What went wrong, for the log. */
export type OutboundFailure = 'url' | 'address' | 'redirect' | 'timeout' | 'too-large' | 'network';

/** The one message of every refused or failed outbound request. */
export const OUTBOUND_FAILED = 'The address could not be fetched';

/** Redirects followed at most, unless a request says otherwise. */
export const OUTBOUND_MAX_REDIRECTS = 3;

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    /** Where and why, for the server's log only (addresses, ports, statuses). */
    readonly detail: string,
    options: { cause?: unknown } = {},
  ) {
    super(OUTBOUND_FAILED, options);
    this.name = 'OutboundError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (node:dns lookup by default; tests bring their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundOptions {
  /** Host names reached whatever they resolve to (exact names, compared without case). */
  allowHosts?: readonly string[];
  /** Address ranges reached although they are not public ('10.20.0.0/16', 'fd00::/8', '192.168.1.5'). */
  allowCidrs?: readonly string[];
  resolve?: ResolveHost;
}

export interface OutboundRequest {
  /** The whole request may take this long: name resolution, redirects, body. */
  timeoutMs: number;
  /** The body is refused beyond this many bytes (decompressed). */
  maxBytes: number;
  maxRedirects?: number;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** The address that answered, after any redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

export interface Outbound {
  /** GET an http or https address; answers whatever status the final address gave. */
  fetch(url: string, request: OutboundRequest): Promise<OutboundResponse>;
}

// --- Addresses ----------------------------------------------------------------------------------

/**
 * IPv4 ranges that are not public unicast (the IANA special-purpose registry's not globally
 * reachable ones, multicast and reserved): this host, private, shared (CGNAT), loopback,
 * link-local (169.254.169.254 is the cloud metadata service), protocol assignments,
 * documentation, the 6to4 relay, benchmarking, multicast, reserved and broadcast.
 */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * Parts of IPv6 global unicast (2000::/3) that are not public: the IETF protocol assignments
 * (Teredo, benchmarking, ORCHID), documentation. 6to4 (2002::/16) is judged by the IPv4 address
 * it carries. Everything outside 2000::/3 is refused anyway: unspecified, loopback, unique local
 * (fc00::/7), link-local (fe80::/10), site-local, multicast, discard.
 */
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
];

const notPublic = new BlockList();
for (const [address, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(address, prefix, 'ipv6');

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address (a zone id and a dotted IPv4 tail understood). */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.includes('.', lastColon)) {
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    text = text.slice(0, lastColon);
    if (text.endsWith(':')) text += ':';
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groupsOf(halves[0]);
  const right = groupsOf(halves[1]);
  if (![...left, ...right].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const given = left.length + right.length + tail.length;
  const missing = 8 - given;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [
    ...left.map((g) => Number.parseInt(g, 16)),
    ...Array<number>(halves.length === 2 ? missing : 0).fill(0),
    ...right.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d, which a socket
 * connects to as IPv4), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). null for any other.
 */
export function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return dotted(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dotted(g[6]!, g[7]!);
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  return null;
}

/**
 * Is this a public unicast address, one the internet reaches? Loopback in any form, private,
 * shared, link-local, unique local, multicast, reserved, documentation and unspecified addresses
 * are not; an IPv6 address carrying an IPv4 one is judged by the IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const g = ipv6Groups(address);
  if (!g) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  return !notPublic.check(g.map((x) => x.toString(16)).join(':'), 'ipv6');
}

/** An address or CIDR range of OUTBOUND_ALLOW_CIDRS ('10.0.0.0/8', 'fd00::/8', '192.168.1.5'). */
export function parseCidr(text: string): { address: string; prefix: number; family: 4 | 6 } | null {
  const [address = '', bits, ...rest] = text.trim().split('/');
  const family = isIP(address);
  if (rest.length > 0 || !family || address.includes('%')) return null;
  const max = family === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: family === 4 ? 4 : 6 };
}

/** A host name as compared with the allow-list: lower case, no brackets, no trailing dot. */
const hostKey = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '');

// --- Requests -----------------------------------------------------------------------------------

const systemResolve: ResolveHost = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** An http or https URL, or null. */
function httpUrl(text: string, base?: URL): URL | null {
  try {
    const url = new URL(text, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Rejects when the signal aborts first (name resolution cannot be cancelled). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A lookup that answers only the addresses already checked: the socket connects to one of them. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [...addresses]);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function send(
  url: URL,
  addresses: readonly ResolvedAddress[],
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const host = hostKey(url.hostname);
  const options: https.RequestOptions = {
    host,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { ...headers, host: url.host },
    // A fresh connection each time: a kept-alive one would skip the checked lookup.
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
    ...(url.username || url.password
      ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
      : {}),
    // The certificate is checked against the name, whatever address was connected to.
    ...(secure && !isIP(host) ? { servername: host } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = secure ? https.request(options, resolve) : http.request(options, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** The body as bytes, decompressed, refused beyond maxBytes. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new OutboundError('too-large', `declares ${declared} bytes, more than ${maxBytes}`);
  }
  const encoding = (response.headers['content-encoding']?.trim() || 'identity').toLowerCase();
  const decoders: Record<string, () => NodeJS.ReadWriteStream> = {
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  };
  let stream: Readable = response;
  if (encoding !== 'identity') {
    const decoder = decoders[encoding];
    if (!decoder) {
      response.destroy();
      throw new OutboundError('network', `unsupported content-encoding ${encoding}`);
    }
    stream = pipeline(response, decoder(), () => {}) as unknown as Readable;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      response.destroy();
      throw new OutboundError('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headersOf(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** The guard with an operator's allow-list (see the file's comment). */
export function createOutbound(options: OutboundOptions = {}): Outbound {
  const allowHosts = new Set((options.allowHosts ?? []).map(hostKey));
  const allowRanges = new BlockList();
  for (const text of options.allowCidrs ?? []) {
    const range = parseCidr(text);
    if (!range) throw new Error(`Not an IP address or CIDR range: ${text}`);
    allowRanges.addSubnet(range.address, range.prefix, range.family === 4 ? 'ipv4' : 'ipv6');
  }
  const resolve = options.resolve ?? systemResolve;

  const permitted = (address: string) => {
    if (isPublicAddress(address)) return true;
    // An IPv4-mapped address is the IPv4 address to the socket, and to the allow-list.
    const plain = embeddedIpv4(address) ?? address;
    const family = isIP(plain);
    return family !== 0 && allowRanges.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };

  /** The addresses to connect to for this URL, every one checked. */
  async function checkedAddresses(url: URL, signal: AbortSignal): Promise<ResolvedAddress[]> {
    const host = hostKey(url.hostname);
    const literal = isIP(host);
    const found: ResolvedAddress[] = literal
      ? [{ address: host, family: literal === 4 ? 4 : 6 }]
      : await unlessAborted(resolve(host), signal);
    if (found.length === 0) throw new OutboundError('network', `${host} has no address`);
    if (allowHosts.has(host)) return found;
    const refused = found.find((a) => !permitted(a.address));
    if (refused) {
      throw new OutboundError('address', `${host} is ${refused.address}, not a public address`);
    }
    return found;
  }

  return {
    async fetch(input, request) {
      const deadline = AbortSignal.timeout(request.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
      const maxRedirects = request.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
      let headers: Record<string, string> = {
        'user-agent': 'Porta',
        'accept-encoding': 'gzip, deflate, br',
        ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      };
      let url = httpUrl(input);
      try {
        if (!url) throw new OutboundError('url', 'not an http or https address');
        for (let redirects = 0; ; redirects++) {
          const response = await send(url, await checkedAddresses(url, signal), headers, signal);
          const location = response.headers.location;
          if (REDIRECTS.has(response.statusCode ?? 0) && location) {
            response.destroy();
            if (redirects >= maxRedirects) {
              throw new OutboundError('redirect', `more than ${maxRedirects} redirects, last ${url.host}`);
            }
            const next = httpUrl(location, url);
            if (!next) throw new OutboundError('redirect', `${url.host} redirects to a non-http address`);
            if (next.origin !== url.origin) {
              headers = Object.fromEntries(
                Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name)),
              );
            }
            url = next;
            continue;
          }
          return {
            url: url.toString(),
            status: response.statusCode ?? 0,
            headers: headersOf(response.headers),
            body: await readBody(response, request.maxBytes),
          };
        }
      } catch (error) {
        if (error instanceof OutboundError) throw error;
        if (deadline.aborted) {
          throw new OutboundError('timeout', `${url?.host}: no answer within ${request.timeoutMs} ms`, {
            cause: error,
          });
        }
        throw new OutboundError('network', `${url?.host}: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}

/** The guard with the operator's allow-list from the settings. */
export function outboundFor(
  config: Pick<BaseConfig, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ALLOW_CIDRS'>,
  resolve?: ResolveHost,
): Outbound {
  return createOutbound({
    allowHosts: config.OUTBOUND_ALLOW_HOSTS,
    allowCidrs: config.OUTBOUND_ALLOW_CIDRS,
    ...(resolve ? { resolve } : {}),
  });
}
