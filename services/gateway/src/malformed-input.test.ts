import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, loadConfig, openDatabase } from '@porta/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zGatewayConfig } from './config.js';
import { buildGateway, type Gateway } from './gateway.js';

/*
 * The malformed-input sweep (issue 16): every route of the merged OpenAPI document of the embedded
 * gateway gets malformed input (bad path parameters, unknown and malformed query fields, an empty
 * body, a body that is not JSON, JSON of the wrong shape, and in every field of the body schema a
 * value of the wrong type, U+0000, an oversized string, a lone surrogate and bytes that are not
 * UTF-8; a truncated and a boundary-less multipart body for the upload routes). Every answer must
 * be below 500, and every refusal application/problem+json. Each input is otherwise valid: the
 * body is built from the schema, with the signed-in user's own housing company, apartment and id
 * where a field or parameter names one and real ids listed by the route's collection elsewhere,
 * so that a bad value reaches as far as it can.
 *
 * Nothing is skipped but this: a route that is not a GET and has no query schema gets no unknown
 * query field (it reads no query, so the request would be a valid one and do what it does). The
 * routes that end the caller's own session run last, and a session an input ended is signed in
 * again.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** What the sweep sends: a request and what it is, for the failure message. */
interface Input {
  what: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

interface Finding {
  route: string;
  input: string;
  status: number;
  contentType: string;
  body: string;
}

/** The signed-in users; a route is swept as the first whose role its policy lets in. */
const USERS = ['owner', 'admin', 'partner', 'consumption'] as const;
type User = (typeof USERS)[number];

interface Identity {
  token: string;
  userId: string;
  housingCompanyId: string;
  apartmentId: string;
}

const ANY_ID = '00000000-0000-4000-8000-000000000001';
const OVERSIZED = 'x'.repeat(100_000);
/** Two bytes that are not UTF-8 (an overlong '/'), put into a JSON string by replacing this marker. */
const NOT_UTF8_MARKER = '@@not-utf-8@@';

let gateway: Gateway;
let database: Database;
let doc: OpenApi;
const identities = new Map<User, Identity>();

function webDirs() {
  const root = mkdtempSync(join(tmpdir(), 'porta-web-'));
  for (const app of ['resident', 'admin']) {
    mkdirSync(join(root, app, 'assets'), { recursive: true });
    writeFileSync(join(root, app, 'index.html'), `<!doctype html><title>${app}</title>`);
  }
  return { resident: join(root, 'resident'), admin: join(root, 'admin') };
}

async function signIn(who: User): Promise<Identity> {
  const login = await gateway.app.inject({
    method: 'POST',
    url: '/api/identity/login',
    payload: { email: `${who}@demo.porta.test`, password: 'Demo-Portal-2026' },
  });
  expect(login.statusCode, `${who} signs in`).toBe(200);
  const token = login.json<{ accessToken: string }>().accessToken;
  const me = await gateway.app.inject({
    method: 'GET',
    url: '/api/identity/me',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = me.json<{ user: { id: string }; hcs: { id: string; apts: { id: string }[] }[] }>();
  const hc = body.hcs.find((h) => h.apts.length > 0) ?? body.hcs[0];
  return {
    token,
    userId: body.user.id,
    housingCompanyId: hc?.id ?? ANY_ID,
    apartmentId: hc?.apts[0]?.id ?? ANY_ID,
  };
}

beforeAll(async () => {
  const dirs = webDirs();
  database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig(zGatewayConfig, {
    LOG_LEVEL: 'silent',
    // Stored files and the mail the sweep's requests send go to a folder of its own.
    DATA_DIR: mkdtempSync(join(tmpdir(), 'porta-sweep-')),
    WEB_RESIDENT_DIR: dirs.resident,
    WEB_ADMIN_DIR: dirs.admin,
    RATE_LIMIT_PER_MINUTE: '1000000',
    // The live stream (Server-Sent Events) answers a valid request by staying open: for a second here.
    LIVE_STREAM_MAX_SECONDS: '1',
  });
  gateway = await buildGateway(config, { database });
  await gateway.app.ready();
  doc = (await gateway.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  for (const who of USERS) identities.set(who, await signIn(who));
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await database?.close();
});

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.split('/').pop() ?? '';
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

function typesOf(schema: Schema): string[] {
  const s = resolve(schema);
  if (s.type) return Array.isArray(s.type) ? s.type : [s.type];
  if (s.enum) return [typeof s.enum[0]];
  if (s.const !== undefined) return [typeof s.const];
  const options = s.anyOf ?? s.oneOf;
  if (options) return options.flatMap(typesOf);
  if (s.properties) return ['object'];
  return [];
}

/** The first option of a union that is not null. */
function chosen(schema: Schema): Schema {
  const s = resolve(schema);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) {
    return chosen(options.find((o) => !typesOf(o).every((t) => t === 'null')) ?? (options[0] as Schema));
  }
  if (s.allOf?.length) return chosen(s.allOf[0] as Schema);
  return s;
}

/** A string the schema takes (a name decides which of the user's ids a uuid field gets). */
function exampleString(s: Schema, name: string, who: Identity | null): string {
  const lower = name.toLowerCase();
  if (s.format === 'uuid' || /(^|[^a-z])id$|ids?$/i.test(name)) {
    if (/housingcompany|^hcid$|projectid/.test(lower)) return who?.housingCompanyId ?? ANY_ID;
    if (/apartment|^aptid$/.test(lower)) return who?.apartmentId ?? ANY_ID;
    if (/^userid$|^user$/.test(lower)) return who?.userId ?? ANY_ID;
    if (s.format === 'uuid') return ANY_ID;
  }
  if (s.format === 'email' || lower.includes('email')) return 'sweep@example.test';
  if (s.format === 'date-time' || s.format === 'datetime') return '2030-01-01T12:00:00.000Z';
  if (s.format === 'date') return '2030-01-01';
  if (s.format === 'time') return '12:00:00';
  if (s.format === 'uri' || s.format === 'url' || /url|href|link/.test(lower)) return 'https://example.test/';
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    const candidates = [
      'a',
      'abc',
      'Abc-1',
      '12345',
      '00100',
      '#ffffff',
      '2030-01-01',
      '12:00',
      '/path',
      'fi',
      'FI',
      'en',
      '+358401234567',
      'Demo-Portal-2026-Strong',
      ANY_ID,
    ];
    const match = candidates.find((c) => pattern.test(c));
    if (match) return match;
  }
  const min = s.minLength ?? 1;
  return 'Sweep text'.padEnd(Math.max(min, 1), 'x').slice(0, s.maxLength ?? Number.POSITIVE_INFINITY);
}

function exampleNumber(s: Schema, integer: boolean): number {
  const low =
    typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? (integer ? 1 : 1.5));
  const high = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : s.maximum;
  return high !== undefined && low > high ? high : low;
}

/** A value the schema takes: required fields only for objects (the sweep adds the others one by one). */
function example(schema: Schema | undefined, name: string, who: Identity | null, depth = 0): unknown {
  const s = chosen(schema ?? {});
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = typesOf(s).find((t) => t !== 'null');
  if (depth > 8) return null;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of s.required ?? []) value[key] = example(s.properties?.[key], key, who, depth + 1);
      return value;
    }
    case 'array': {
      const count = Math.max(s.minItems ?? 0, 0);
      return Array.from({ length: count }, () => example(s.items, name, who, depth + 1));
    }
    case 'string':
      return exampleString(s, name, who);
    case 'integer':
      return exampleNumber(s, true);
    case 'number':
      return exampleNumber(s, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** Every field of an object schema, nested objects and arrays' items included, with its path. */
function fieldsOf(schema: Schema | undefined, path: (string | number)[] = [], depth = 0) {
  const found: { path: (string | number)[]; schema: Schema }[] = [];
  const s = chosen(schema ?? {});
  if (depth > 4) return found;
  for (const [key, inner] of Object.entries(s.properties ?? {})) {
    const innerPath = [...path, key];
    found.push({ path: innerPath, schema: inner });
    const innerSchema = chosen(inner);
    const types = typesOf(innerSchema);
    if (types.includes('object')) found.push(...fieldsOf(innerSchema, innerPath, depth + 1));
    if (types.includes('array') && innerSchema.items) {
      found.push({ path: [...innerPath, 0], schema: innerSchema.items });
      found.push(...fieldsOf(innerSchema.items, [...innerPath, 0], depth + 1));
    }
  }
  return found;
}

/** A copy of base with the value at path set (objects and arrays on the way made as needed). */
function withValue(
  base: unknown,
  path: (string | number)[],
  value: unknown,
  schema: Schema,
  who: Identity | null,
) {
  const root = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = root;
  let atSchema = chosen(schema);
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      at[key] = value;
      break;
    }
    const innerSchema = typeof key === 'number' ? atSchema.items : atSchema.properties?.[key];
    if (at[key] === undefined || at[key] === null || typeof at[key] !== 'object') {
      const made = example(innerSchema, String(key), who);
      at[key] = made && typeof made === 'object' ? made : typeof path[i + 1] === 'number' ? [] : {};
    }
    at = at[key] as Record<string | number, unknown>;
    atSchema = chosen(innerSchema ?? {});
  }
  return root;
}

/** Bad values for a field of the given schema, each with what it is. */
function badValues(schema: Schema): [string, unknown][] {
  const s = chosen(schema);
  const types = typesOf(s);
  const values: [string, unknown][] = [];
  if (types.includes('string')) {
    values.push(
      ['a number for a string', 12345],
      ['U+0000 in a string', 'before\u0000after'],
      ['an oversized string (100,000 characters)', OVERSIZED],
      ['a lone surrogate', 'a\ud800b'],
      ['bytes that are not UTF-8', NOT_UTF8_MARKER],
    );
    if (s.enum || s.format || s.pattern) values.push(['a string outside the format', 'no such value']);
  }
  if (types.includes('integer') || types.includes('number')) {
    values.push(
      ['a string for a number', 'not a number'],
      ['a huge number', 1e308],
      ['a negative number', -1],
    );
    if (types.includes('integer')) values.push(['a fraction for an integer', 1.5]);
  }
  if (types.includes('boolean')) values.push(['a string for a boolean', 'yes']);
  if (types.includes('array'))
    values.push(['an object for an array', { a: 1 }], ['an array of nulls', [null, null]]);
  if (types.includes('object'))
    values.push(['a string for an object', 'not an object'], ['an array for an object', []]);
  if (types.length === 0) values.push(['U+0000 in a string', 'before\u0000after']);
  return values;
}

function json(value: unknown): Buffer {
  const text = JSON.stringify(value);
  if (!text.includes(NOT_UTF8_MARKER)) return Buffer.from(text);
  const [before, after] = text.split(NOT_UTF8_MARKER, 2) as [string, string];
  return Buffer.concat([Buffer.from(`${before}a`), Buffer.from([0xc0, 0xaf]), Buffer.from(`b${after}`)]);
}

function fillPath(path: string, params: Record<string, string>) {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name] ?? ANY_ID);
}

function query(values: Record<string, string>): string {
  const text = new URLSearchParams(values).toString();
  return text ? `?${text}` : '';
}

/** A truncated multipart body and one without a boundary. */
function multipartInputs(url: string): Input[] {
  const boundary = '----porta-sweep';
  const whole = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n0000\r\n--${boundary}--\r\n`,
    'latin1',
  );
  return [
    {
      what: 'a truncated multipart body',
      url,
      payload: whole.subarray(0, whole.length - 30),
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { what: 'a multipart body without a boundary', url, payload: whole, contentType: 'multipart/form-data' },
  ];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first `id` in a JSON answer (a list, or an object holding one) that is not a sweep user's. */
function firstId(value: unknown): string | null {
  const own = new Set([...identities.values()].map((i) => i.userId));
  const pending: unknown[] = [value];
  for (let i = 0; i < pending.length && i < 10_000; i++) {
    const v = pending[i];
    if (Array.isArray(v)) pending.push(...v);
    else if (v && typeof v === 'object') {
      const id = (v as { id?: unknown }).id;
      if (typeof id === 'string' && UUID.test(id) && !own.has(id)) return id;
      pending.push(...Object.values(v));
    }
  }
  return null;
}

const harvested = new Map<string, string | null>();

/**
 * A real id for a path parameter: the first one the route's collection (the path up to the
 * parameter) lists to this user, so that input reaches past the lookup of the thing it names;
 * a fixed unknown id when there is no such list.
 */
async function realId(prefix: string, filled: string, identity: Identity): Promise<string | null> {
  const key = `${identity.userId} ${filled}`;
  if (!harvested.has(key)) {
    const list = doc.paths[prefix]?.get;
    let id: string | null = null;
    if (list) {
      const required = (list.parameters ?? []).filter((p) => p.in === 'query' && p.required);
      const values = Object.fromEntries(
        required.map((p) => [p.name, String(example(p.schema, p.name, identity))]),
      );
      const res = await gateway.app.inject({
        method: 'GET',
        url: `${filled}${query(values)}`,
        headers: { authorization: `Bearer ${identity.token}` },
      });
      if (res.statusCode === 200 && String(res.headers['content-type']).includes('json'))
        id = firstId(res.json());
    }
    harvested.set(key, id);
  }
  return harvested.get(key) ?? null;
}

/** Valid path parameters: the user's own ids where a parameter names one, real ids elsewhere. */
async function pathParamsFor(
  path: string,
  op: Operation,
  identity: Identity,
): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const p of (op.parameters ?? []).filter((q) => q.in === 'path')) {
    let value = String(example(p.schema, p.name, identity));
    if (value === ANY_ID) {
      const prefix = path.slice(0, path.indexOf(`{${p.name}}`)).replace(/\/$/, '');
      const filled = fillPath(
        prefix,
        Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])),
      );
      value = (await realId(prefix, filled, identity)) ?? ANY_ID;
    }
    params[p.name] = value;
  }
  return params;
}

/** Every malformed input for one operation. */
function inputsFor(
  path: string,
  method: string,
  op: Operation,
  who: Identity | null,
  pathParams: Record<string, string> = {},
): Input[] {
  const parameters = op.parameters ?? [];
  const queryParams = parameters.filter((p) => p.in === 'query');
  const params: Record<string, string> = {};
  for (const p of parameters.filter((q) => q.in === 'path')) {
    params[p.name] = pathParams[p.name] ?? String(example(p.schema, p.name, who));
  }
  const validQuery: Record<string, string> = {};
  for (const p of queryParams.filter((q) => q.required))
    validQuery[p.name] = String(example(p.schema, p.name, who));
  const url = fillPath(
    path,
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])),
  );
  const content = op.requestBody?.content ?? {};
  const bodySchema = content['application/json']?.schema;
  const hasBody = method !== 'get' && method !== 'head';
  const body = bodySchema ? example(bodySchema, 'body', who) : undefined;
  const valid = (over: Partial<Input> & { what: string }): Input => ({
    url: `${url}${query(validQuery)}`,
    ...(hasBody && body !== undefined ? { payload: json(body), contentType: 'application/json' } : {}),
    ...over,
  });
  const inputs: Input[] = [];

  for (const p of parameters.filter((q) => q.in === 'path')) {
    for (const [what, raw] of [
      ['not a UUID', 'not-a-uuid'],
      ['not UTF-8 once decoded', '%C0%AF'],
      ['U+0000', 'a%00b'],
      ['oversized (600 characters)', 'x'.repeat(600)],
    ] as const) {
      const bad = fillPath(path, {
        ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])),
        [p.name]: raw,
      });
      inputs.push(valid({ what: `path parameter ${p.name} ${what}`, url: `${bad}${query(validQuery)}` }));
    }
  }
  // A route without a query schema reads no query: an unknown field there is ignored, which makes
  // the request a valid one. GET routes take it anyway (reading changes nothing); other routes get
  // it only when they have a query schema that must refuse it.
  if (method === 'get' || queryParams.length > 0) {
    inputs.push(
      valid({ what: 'an unknown query field', url: `${url}${query({ ...validQuery, sweepUnknown: '1' })}` }),
    );
  }
  for (const p of queryParams) {
    for (const [what, raw] of [
      ['U+0000', 'a%00b'],
      ['not UTF-8 once decoded', '%C0%AF'],
      ['oversized', 'x'.repeat(6000)],
      ['repeated', `1&${encodeURIComponent(p.name)}=2`],
    ] as const) {
      const others = query(Object.fromEntries(Object.entries(validQuery).filter(([k]) => k !== p.name)));
      const joiner = others ? '&' : '?';
      inputs.push(
        valid({
          what: `query field ${p.name} ${what}`,
          url: `${url}${others}${joiner}${encodeURIComponent(p.name)}=${raw}`,
        }),
      );
    }
  }
  if (hasBody) {
    inputs.push(valid({ what: 'an empty body', payload: Buffer.alloc(0), contentType: 'application/json' }));
    inputs.push(
      valid({
        what: 'a body that is not JSON',
        payload: Buffer.from('{"a":'),
        contentType: 'application/json',
      }),
    );
    inputs.push(
      valid({ what: 'a JSON array for a body', payload: Buffer.from('[]'), contentType: 'application/json' }),
    );
    inputs.push(
      valid({
        what: 'a JSON string for a body',
        payload: Buffer.from('"text"'),
        contentType: 'application/json',
      }),
    );
    inputs.push(
      valid({ what: 'JSON null for a body', payload: Buffer.from('null'), contentType: 'application/json' }),
    );
    inputs.push(
      valid({ what: 'a text/plain body', payload: Buffer.from('text'), contentType: 'text/plain' }),
    );
  }
  if (bodySchema) {
    inputs.push(
      valid({
        what: 'an unknown body field',
        payload: json(withValue(body, ['sweepUnknown'], 1, bodySchema, who)),
      }),
    );
    for (const field of fieldsOf(bodySchema)) {
      for (const [what, value] of badValues(field.schema)) {
        inputs.push(
          valid({
            what: `body.${field.path.join('.')}: ${what}`,
            payload: json(withValue(body, field.path, value, bodySchema, who)),
          }),
        );
      }
    }
  }
  // Upload routes declare no body schema (they read a multipart file): every route that takes a
  // body but declares none gets the multipart inputs.
  if (hasBody && !bodySchema) inputs.push(...multipartInputs(`${url}${query(validQuery)}`));
  return inputs;
}

/**
 * The sweep's requests come from an address of their own, so that its many refused sign-ins are
 * throttled there and not where the demo users sign in again.
 */
const SWEEP_ADDRESS = '203.0.113.50';

async function send(input: Input, method: string, token: string | null) {
  return gateway.app.inject({
    method: method.toUpperCase() as 'GET',
    url: input.url,
    remoteAddress: SWEEP_ADDRESS,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(input.contentType ? { 'content-type': input.contentType } : {}),
    },
    ...(input.payload !== undefined ? { payload: input.payload } : {}),
  });
}

/** Routes that end the caller's own session or account go last, so that the rest runs signed in. */
function endsOwnSession(path: string, method: string): boolean {
  return (
    /\/(logout|token\/refresh|me\/deactivate)$/.test(path) || (method === 'delete' && /\/me$/.test(path))
  );
}

describe('the malformed-input sweep over the OpenAPI document', () => {
  it('answers every malformed input below 500, and every refusal as problem+json', async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(endsOwnSession(a.path, a.method)) - Number(endsOwnSession(b.path, b.method)));
    expect(operations.length).toBeGreaterThan(150);

    const findings: Finding[] = [];
    const refusedToEveryone: string[] = [];
    const multipartRoutes: string[] = [];
    let sent = 0;
    for (const { path, method, op } of operations) {
      const route = `${method.toUpperCase()} ${path}`;
      // The first user whose role the route's policy lets in (a 403 is the policy's answer, given
      // before any input is read). Routes open to anyone are swept as the first user too.
      let who: User | null = null;
      for (const candidate of USERS) {
        const identity = identities.get(candidate) as Identity;
        const probe = inputsFor(path, method, op, identity)[0] ?? { what: 'probe', url: fillPath(path, {}) };
        const res = await send(probe, method, identity.token);
        sent++;
        if (res.statusCode !== 403) {
          who = candidate;
          break;
        }
      }
      if (!who) {
        refusedToEveryone.push(route);
        continue;
      }
      const identity = identities.get(who) as Identity;
      const inputs = inputsFor(path, method, op, identity, await pathParamsFor(path, op, identity));
      for (const input of inputs) {
        const res = await send(input, method, identity.token);
        sent++;
        const contentType = String(res.headers['content-type'] ?? '');
        if (
          input.what === 'a truncated multipart body' &&
          res.statusCode === 400 &&
          res.body.includes('"path":"body"')
        ) {
          multipartRoutes.push(route);
        }
        if (
          res.statusCode >= 500 ||
          (res.statusCode >= 400 && !contentType.startsWith('application/problem+json'))
        ) {
          findings.push({
            route,
            input: input.what,
            status: res.statusCode,
            contentType,
            body: res.body.slice(0, 300),
          });
        }
        // A session this input ended (a route that signs out, say): sign in again and go on.
        if (res.statusCode === 401 && !res.body.includes('IDN_INVALID_CREDENTIALS')) {
          const check = await gateway.app.inject({
            method: 'GET',
            url: '/api/identity/me',
            headers: { authorization: `Bearer ${identity.token}` },
          });
          if (check.statusCode === 401) {
            identities.set(who, await signIn(who));
            Object.assign(identity, identities.get(who));
          }
        }
      }
    }

    const report = findings
      .map(
        (f) => `${f.route} <- ${f.input}: ${f.status} ${f.contentType}\n    ${f.body.replace(/\s+/g, ' ')}`,
      )
      .join('\n');
    expect(findings.length, `answers that are 5xx or refusals that are not problem+json:\n${report}`).toBe(0);
    // Every route was swept as someone: a route no demo user may call would be swept for nothing.
    expect(refusedToEveryone, 'routes that refused every demo user').toEqual([]);
    // The upload routes read the multipart inputs (and refused them as unreadable).
    expect(multipartRoutes.sort()).toEqual([
      'POST /api/community/images',
      'POST /api/content/admin/assets',
      'POST /api/service-requests/attachments',
    ]);
    console.log(`malformed-input sweep: ${operations.length} operations, ${sent} requests`);
  }, 600_000);
});
