import { type ServiceDefinition, serviceEnvPrefix, serviceUrlKey } from '@porta/service-kit';
import { SERVICES } from './services.js';

/** One process of the distributed mode, as `npm run start:cluster` and docker-compose start it. */
export interface ProcessEntry {
  name: string;
  /** Its built entry point, relative to the repository. */
  script: string;
  /** Its port in `npm run start:cluster`, unless the environment variable portKey says otherwise. */
  port: number;
  portKey: string;
  /** The gateway's setting with its address. */
  urlKey: string;
  storesFiles: boolean;
}

/** The processes of the distributed mode, from the registry (a service lives in services/<name>). */
export function processManifest(services: readonly ServiceDefinition[] = SERVICES): ProcessEntry[] {
  return services.map((d) => ({
    name: d.name,
    script: `services/${d.name}/dist/server.js`,
    port: d.port,
    portKey: `${serviceEnvPrefix(d.name)}_PORT`,
    urlKey: serviceUrlKey(d.name),
    storesFiles: d.storesFiles === true,
  }));
}

const HEALTHCHECK = `    healthcheck:
      test:
        [
          "CMD",
          "node",
          "-e",
          "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))",
        ]
      interval: 10s`;

/**
 * docker-compose.yml from the registry: the infrastructure, one container per service (identity
 * first, the others once it is healthy; a volume for those that keep files) and the gateway in front.
 * `npm run compose` writes it; a test keeps the file equal to this.
 */
export function renderCompose(services: readonly ServiceDefinition[] = SERVICES): string {
  const processes = processManifest(services);
  const [first, ...rest] = processes;
  if (!first) throw new Error('no services');
  const lines: string[] = [
    '# The distributed mode: PostgreSQL, NATS JetStream, Redis, and one container per Porta process.',
    '# (`npm start` runs the embedded mode without any of this.) Written by `npm run compose` from the',
    '# registry of services (services/gateway/src/services.ts): change that, not this.',
    '#   MANAGE_LINK_SECRET=$(openssl rand -hex 32) docker compose up --build    then open http://localhost:3000',
    'name: porta',
    '',
    'x-porta: &porta',
    '  build: { context: ., dockerfile: deploy/Dockerfile }',
    '  restart: unless-stopped',
    '  environment: &porta-env',
    '    DATABASE_URL: postgres://porta:porta@postgres:5432/porta',
    '    NATS_URL: nats://nats:4222',
    '    REDIS_URL: redis://redis:6379',
    '    PUBLIC_URL: http://localhost:3000',
    ...processes.map((p) => `    ${p.urlKey}: http://${p.name}:3000`),
    "    # Signs the service requests' manage links; production refuses to start without it.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own variable, written as is
    '    MANAGE_LINK_SECRET: ${MANAGE_LINK_SECRET:?set MANAGE_LINK_SECRET to a random string of at least 32 characters}',
    '    TRUST_PROXY: uniquelocal',
    '  depends_on:',
    '    postgres: { condition: service_healthy }',
    '    nats: { condition: service_started }',
    '    redis: { condition: service_started }',
    '',
    'services:',
    '  postgres:',
    '    image: postgres:15',
    '    environment: { POSTGRES_USER: porta, POSTGRES_PASSWORD: porta, POSTGRES_DB: porta }',
    '    volumes: [postgres:/var/lib/postgresql/data]',
    '    healthcheck:',
    '      test: ["CMD", "pg_isready", "-U", "porta"]',
    '      interval: 5s',
    '      retries: 20',
    '',
    '  nats:',
    '    image: nats:2.10',
    '    command: ["-js", "-sd", "/data"]',
    '    volumes: [nats:/data]',
    '',
    '  redis:',
    '    image: redis:7',
    '    command: ["redis-server", "--appendonly", "yes"]',
    '    volumes: [redis:/data]',
  ];
  for (const p of processes) {
    lines.push(
      '',
      `  ${p.name}:`,
      '    <<: *porta',
      `    command: ["node", "${p.script}"]`,
      '    environment:',
      '      <<: *porta-env',
      '      SEED_DEMO: "true"',
    );
    if (p.storesFiles) lines.push(`    volumes: [${p.name}-files:/app/data]`);
    if (p !== first) lines.push('    depends_on:', `      ${first.name}: { condition: service_healthy }`);
    lines.push(HEALTHCHECK);
  }
  lines.push(
    '',
    '  gateway:',
    '    <<: *porta',
    '    command: ["node", "services/gateway/dist/server.js"]',
    '    environment:',
    '      <<: *porta-env',
    '      MODE: distributed',
    '      TRUST_PROXY: "false"',
    '    ports: ["3000:3000"]',
    '    depends_on:',
    ...[first, ...rest].map((p) => `      ${p.name}: { condition: service_healthy }`),
    '',
    'volumes:',
    ...processes.filter((p) => p.storesFiles).map((p) => `  ${p.name}-files:`),
    '  postgres:',
    '  nats:',
    '  redis:',
  );
  return `${lines.join('\n')}\n`;
}
