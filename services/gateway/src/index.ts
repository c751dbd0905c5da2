export { type GatewayConfig, zGatewayConfig } from './config.js';
export { buildGateway, type Gateway } from './gateway.js';
export { mergeOpenApi } from './openapi.js';
