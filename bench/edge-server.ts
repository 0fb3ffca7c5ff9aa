/**
 * tsx bench/edge-server.ts <kit|ts-rest>: the core behind one of two Express edges, on a free loopback port, for
 * bench/request-path.ts to load side by side: `kit` is the server's (server/http/app.ts), `ts-rest` the same core
 * and checks with the routes registered by @ts-rest/express as its documentation shows (bench/ts-rest-app.ts).
 * Settings from the environment, as the server command reads them; no request log, no connection guard, for either.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configFromEnv, createApi } from '@pipeline-api/core';
import { createApp } from '../server/http/app.js';
import { createTsRestApp } from './ts-rest-app.js';

const variant = process.argv[2];
if (variant !== 'kit' && variant !== 'ts-rest') throw new Error('usage: edge-server.ts <kit|ts-rest>');
const api = await createApi({ config: configFromEnv(process.env) });
// As the server command: a request without Host is answered by the app, with the envelope.
const server = createServer({ requireHostHeader: false }, variant === 'kit' ? createApp(api) : createTsRestApp(api));
// As listen.ts: a client's idle keep-alive sockets close on its side first (Node's 5 s dropped a seeding fetch's socket).
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => console.log(`${variant} listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
