import Fastify from 'fastify';
import { listenUntilStopped } from './lifecycle.js';

/** Scenario 1: Fastify with nothing added, the ceiling for this machine. */
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await listenUntilStopped(app);
