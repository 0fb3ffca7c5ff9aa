import { createContext, runInContext } from 'node:vm';

/**
 * The globals an edge worker (Cloudflare Workers, Vercel Edge, Deno Deploy) gives every script: the Fetch and URL
 * standards, abort, encoding, Web Crypto, timers, console. Nothing of Node's: no process, Buffer, require, module or
 * global, and a bundle cannot import a node: module (the bundler is told the platform is neutral).
 */
export const WORKER_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'DOMException',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'crypto',
  'atob',
  'btoa',
  'structuredClone',
  'queueMicrotask',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'console',
] as const;

/** What a worker must not see: a script that reaches for one of these fails here as it would on an edge runtime. */
export const NODE_ONLY_GLOBALS = ['process', 'Buffer', 'require', 'module', 'global', 'setImmediate', '__dirname'] as const;

/**
 * Runs a script (an IIFE bundle) in a fresh V8 context whose global object holds only `WORKER_GLOBALS` (and `self`,
 * as in a worker), then returns what it left in `globalThis[exported]`. A vm context is not a security boundary;
 * here it only shows that the code needs nothing more than a worker has.
 */
export function runInWorkerGlobals(script: string, exported: string): unknown {
  const globals: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of WORKER_GLOBALS) globals[name] = globalThis[name];
  const context = createContext(globals, { name: 'worker', codeGeneration: { strings: false, wasm: false } });
  runInContext('globalThis.self = globalThis;', context);
  const leaked = NODE_ONLY_GLOBALS.filter((name) => runInContext(`typeof globalThis[${JSON.stringify(name)}] !== 'undefined'`, context) as boolean);
  if (leaked.length > 0) throw new Error(`the worker context has Node globals: ${leaked.join(', ')}`);
  runInContext(script, context, { filename: 'worker-bundle.js' });
  return runInContext(`globalThis[${JSON.stringify(exported)}]`, context);
}
