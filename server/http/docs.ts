import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';
import { MAGE_PUBLIC_API_KEY, type CoreConfig } from '@pipeline-api/core';
import { selfOnlyCsp } from './csp.js';
import { tryItRouter } from './try-it.js';

// Beside the built command (server/dist), else the repository's committed document.
const OPENAPI = [new URL('./openapi.json', import.meta.url), new URL('../../docs/openapi.json', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(path))!;
const REDOC = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#32329f"/><path d="M4 11V5h4a2 2 0 0 1 0 4H6v2" stroke="#fff" stroke-width="1.6" fill="none"/></svg>';

/** Redoc renders its schema samples in a worker it starts from a blob. */
const CSP = selfOnlyCsp("worker-src 'self' blob:");

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pipeline API reference</title>
  <style>body { margin: 0; }</style>
</head>
<body>
  <redoc spec-url="/openapi.json" expand-responses="200" required-props-first="true" sort-tags-alphabetically="true"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * `/openapi.json` (the committed document), `/docs` (Redoc, served from the npm package) and `/docs/try`
 * (the try-it console; its API key field is filled in only with Mage's public key, never a private one).
 */
export function docsRouter(config?: Pick<CoreConfig, 'apiKey'>): Router {
  const router = express.Router();
  router.use(tryItRouter({ apiKeyHint: config?.apiKey === MAGE_PUBLIC_API_KEY ? MAGE_PUBLIC_API_KEY : '' }));
  const document = readFileSync(OPENAPI, 'utf8');
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(document);
  });
  router.get('/docs', (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(PAGE);
  });
  // Redoc's footer shows a logo from Redocly's CDN, with no option to turn it off: it is served from here.
  // Read on first use, not at every start.
  let bundle: string | undefined;
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    bundle ??= readFileSync(REDOC, 'utf8').replaceAll(REDOC_LOGO, '/docs/logo-mini.svg');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/javascript').send(bundle);
  });
  router.get('/docs/logo-mini.svg', (_req, res) => {
    res.type('image/svg+xml').send(LOGO);
  });
  return router;
}
