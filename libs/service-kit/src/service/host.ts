import type { KeySource } from '../auth/verifier.js';
import { type BaseConfig, loadConfig } from '../config.js';
import type { Closeable } from '../http/run.js';
import { createRuntime, type Runtime, serveProcess } from '../runtime.js';
import { type HostedService, processConfigSchema, type ServiceDefinition } from './definition.js';

/** One service made, migrated and started (and seeded when asked); answers whether its seed wrote. */
async function bringUp(service: HostedService, seed: boolean): Promise<boolean> {
  await service.migrate();
  await service.start();
  return seed ? (await service.seedDemo?.()) === true : false;
}

/**
 * A service as its own process (the distributed mode): its settings loaded, the runtime made, the
 * service made from them, migrated and started (and seeded when SEED_DEMO is set), the jobs
 * started, then served until a signal closes the service before the runtime.
 */
export async function runServiceProcess(definition: ServiceDefinition): Promise<string> {
  const config = loadConfig(processConfigSchema(definition));
  const runtime = await createRuntime(definition.name, config);
  const service = definition.create(runtime, config);
  await bringUp(service, (config as { SEED_DEMO?: boolean }).SEED_DEMO === true);
  await runtime.jobs.start();
  return serveProcess({
    name: definition.name,
    config,
    runtime,
    plugin: service.plugin,
    ...(service.keySource ? { keySource: service.keySource } : {}),
    closeables: [{ name: definition.name, close: () => service.stop() }],
  });
}

export interface HostedServices {
  /** The services as made, in the order declared. */
  services: { definition: ServiceDefinition; service: HostedService }[];
  /** Where tokens are verified: the key source of the service that has one (identity). */
  keySource: KeySource | null;
  /** True when a service's demo seed wrote something on this start. */
  seeded: boolean;
  /** Stops each service, the last started first (before the runtime closes). */
  closeables: Closeable[];
}

/**
 * Every service in one process on one runtime (the embedded mode): each made, migrated, started and
 * seeded in the order declared — identity first, as the others ask it for its demo —, then the
 * runtime's jobs started. The caller registers the plugins.
 */
export async function hostServices(
  runtime: Runtime,
  config: BaseConfig & { SEED_DEMO?: boolean },
  definitions: readonly ServiceDefinition[],
): Promise<HostedServices> {
  const services: HostedServices['services'] = [];
  let seeded = false;
  let keySource: KeySource | null = null;
  for (const definition of definitions) {
    const service = definition.create(runtime, config);
    services.push({ definition, service });
    if (await bringUp(service, config.SEED_DEMO === true)) seeded = true;
    keySource ??= service.keySource ?? null;
  }
  await runtime.jobs.start();
  return {
    services,
    keySource,
    seeded,
    closeables: services
      .map(({ definition, service }) => ({ name: definition.name, close: () => service.stop() }))
      .reverse(),
  };
}
