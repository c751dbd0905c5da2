import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { KeySource } from '../auth/verifier.js';
import type { Logger } from '../bus/types.js';
import { type BaseConfig, zBaseConfig } from '../config.js';
import type { Jobs } from '../jobs/types.js';
import type { Runtime } from '../runtime.js';

/**
 * What a service is made on: the runtime's adapters. A process passes its whole Runtime; a test
 * bed passes its database, bus, file store and logger, and leaves the job runner out (jobs run
 * when a test calls them).
 */
export type ServiceRuntime = Pick<Runtime, 'database' | 'bus' | 'storage'> & {
  logger: Logger;
  mailer?: Runtime['mailer'];
  jobs?: Jobs;
};

/** What a service's factory answers; the embedded gateway and the service's own process host it. */
export interface HostedService {
  /** Its routes under /api/<name> (servicePlugin). */
  plugin: FastifyPluginAsync;
  migrate(): Promise<void>;
  /** Relays, consumers, responders and repeating jobs (before the runtime's jobs start). */
  start(): Promise<void>;
  /** Stops what start started (part of shutdown, before the bus and database close). */
  stop(): Promise<void>;
  /** The demo data, when SEED_DEMO is set (after start); answers whether it seeded anything. */
  seedDemo?(): Promise<unknown>;
  /** identity only: the keys it signs tokens with, which its host verifies them against. */
  keySource?: KeySource;
}

/**
 * A Porta service, declared once. From it the kit builds the service's own process
 * (runServiceProcess) and its part of the embedded gateway (hostServices); the gateway's settings,
 * its proxy and OpenAPI document, `npm run start:cluster`, docker-compose and the e2e portal read the
 * registry of these declarations (services/gateway/src/services.ts).
 */
export interface ServiceDefinition<
  Settings extends z.ZodObject = z.ZodObject,
  Service extends HostedService = HostedService,
> {
  /** Lower-case with dashes; the routes live under /api/<name>, the tables in the schema of that name. */
  name: string;
  /** Its own process's port in `npm run start:cluster` (containers all use 3000). */
  port: number;
  /** Its settings on top of zBaseConfig; the embedded gateway accepts them too. */
  settings: Settings;
  /** Its own process's whole configuration when more than zBaseConfig with the settings (checks across them). */
  config?: z.ZodType<BaseConfig & z.infer<Settings>>;
  /** It keeps files (uploads, images) under DATA_DIR: its container gets a volume for them. */
  storesFiles?: boolean;
  /** Makes the service on the runtime's adapters. Method syntax: a registry holds every kind. */
  create(runtime: ServiceRuntime, config: BaseConfig & z.infer<Settings>): Service;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Declares a service (checks the name and port once, where it is written). */
export function defineService<Settings extends z.ZodObject, Service extends HostedService>(
  definition: ServiceDefinition<Settings, Service>,
): ServiceDefinition<Settings, Service> {
  if (!NAME.test(definition.name))
    throw new Error(`service name "${definition.name}": lower-case words with dashes`);
  if (!Number.isInteger(definition.port) || definition.port < 1024 || definition.port > 65535)
    throw new Error(`service ${definition.name}: port ${definition.port} is not a free user port`);
  return definition;
}

/** The whole configuration of the service's own process. */
export function processConfigSchema<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
): z.ZodType<BaseConfig & z.infer<S>> {
  return (
    definition.config ??
    (zBaseConfig.extend(definition.settings.shape) as unknown as z.ZodType<BaseConfig & z.infer<S>>)
  );
}

/** A service's name as the start of its environment variables: service-requests → SERVICE_REQUESTS. */
export function serviceEnvPrefix(name: string): string {
  return name.replaceAll('-', '_').toUpperCase();
}

/** The environment variable with a service's address in the distributed mode: CONTENT_URL, … */
export function serviceUrlKey(name: string): string {
  return `${serviceEnvPrefix(name)}_URL`;
}

type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void
  ? I
  : never;
type ShapeOf<D> = D extends ServiceDefinition<infer S, HostedService> ? S['shape'] : never;

/** Every service's settings in one object (the embedded gateway takes them all). */
export function mergedSettings<const D extends readonly ServiceDefinition[]>(
  definitions: D,
): z.ZodObject<UnionToIntersection<ShapeOf<D[number]>> extends infer S extends z.core.$ZodShape ? S : never> {
  const names = new Set<string>();
  for (const d of definitions) {
    if (names.has(d.name)) throw new Error(`service ${d.name} is declared twice`);
    names.add(d.name);
  }
  const shape = Object.assign({}, ...definitions.map((d) => d.settings.shape));
  return z.object(shape) as never;
}

/**
 * The settings of each service's address in the distributed mode (IDENTITY_URL is a base setting:
 * every service asks identity), by default the port of `npm run start:cluster`.
 */
export function serviceUrlSettings(
  definitions: readonly ServiceDefinition[],
): z.ZodObject<Record<never, z.ZodDefault<z.ZodURL>>> {
  return z.object(
    Object.fromEntries(
      definitions
        .filter((d) => serviceUrlKey(d.name) !== 'IDENTITY_URL')
        .map((d) => [serviceUrlKey(d.name), z.url().default(`http://127.0.0.1:${d.port}`)]),
    ),
  );
}

/** Each service's address in the distributed mode, by name, from the configuration. */
export function serviceUrls(
  definitions: readonly ServiceDefinition[],
  config: Record<string, unknown>,
): Record<string, string> {
  return Object.fromEntries(
    definitions.map((d) => {
      const url = config[serviceUrlKey(d.name)];
      if (typeof url !== 'string') throw new Error(`${serviceUrlKey(d.name)} is not set`);
      return [d.name, url];
    }),
  );
}
