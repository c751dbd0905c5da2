import { DEMO_PASSWORD, DEMO_USERS } from '@porta/identity';
import { loadConfig, publicUrl, runService } from '@porta/service-kit';
import { zGatewayConfig } from './config.js';
import { buildGateway } from './gateway.js';

const config = loadConfig(zGatewayConfig);
const gateway = await buildGateway(config);
const address = await runService(gateway.app, {
  host: config.HOST,
  port: config.PORT,
  graceSeconds: config.SHUTDOWN_GRACE_SECONDS,
  closeables: gateway.closeables,
});
gateway.app.log.info({ address, mode: config.MODE }, 'Porta gateway listening');
if (config.SEED_DEMO) {
  const url = publicUrl(config);
  process.stdout.write(
    `${[
      '',
      `  Porta is running (${config.MODE} mode): ${url}/  staff app: ${url}/admin/`,
      `  Demo sign-in, password ${DEMO_PASSWORD}:`,
      ...DEMO_USERS.map((u) => `    ${u.key.padEnd(12)} ${u.key}@demo.porta.test`),
      '',
    ].join('\n')}\n`,
  );
}
