import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import express, { type Router } from 'express';
import { selfOnlyCsp } from './csp.js';

const resolve = createRequire(import.meta.url).resolve;

/** The console's login form posts nowhere: the page's script sends the call. */
const CSP = selfOnlyCsp("form-action 'none'");

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Pipeline API: try it</title>
  <link rel="stylesheet" href="/docs/try/swagger-ui.css">
  <link rel="stylesheet" href="/docs/try/try-it.css">
</head>
<body>
  <form id="login" class="login" autocomplete="on">
    <strong>Pipeline API: try it</strong>
    <label>API key <input name="api_key" id="api_key" size="42" autocomplete="off" required></label>
    <label>Email <input name="email" id="email" type="email" value="admin@admin.com" autocomplete="username" required></label>
    <label>Password <input name="password" id="password" type="password" autocomplete="current-password" required></label>
    <button type="submit" id="login-button">Log in</button>
    <span id="login-status" role="status"></span>
    <a href="/docs">Reference (Redoc)</a>
  </form>
  <div id="swagger"></div>
  <script src="/docs/try/swagger-ui-bundle.js"></script>
  <script src="/docs/try/try-it.js"></script>
</body>
</html>
`;

const STYLE = `
.login { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 12px 20px; background: #1b1b3a; color: #fff; font-family: sans-serif; font-size: 14px; }
.login input { margin-left: 4px; }
.login a { color: #c8c8ff; margin-left: auto; }
#login-status { min-width: 12em; }
`;

/**
 * The page's script: Swagger UI on this server's OpenAPI document, every call sent to this origin; the
 * login form calls POST /api/sessions and applies the API key and the decoded token to every operation.
 */
const SCRIPT = (apiKeyHint: string) => `'use strict';
(async function () {
  const documentResponse = await fetch('/openapi.json');
  const spec = await documentResponse.json();
  spec.servers = [{ url: location.origin, description: 'This server' }];
  const ui = SwaggerUIBundle({
    spec,
    dom_id: '#swagger',
    validatorUrl: null,
    tryItOutEnabled: true,
    deepLinking: true,
    displayRequestDuration: true,
    defaultModelsExpandDepth: 0,
  });
  window.tryIt = ui;
  const form = document.getElementById('login');
  const status = document.getElementById('login-status');
  const key = document.getElementById('api_key');
  key.value = ${JSON.stringify(apiKeyHint)};
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.textContent = 'Logging in…';
    try {
      const answer = await fetch('/api/sessions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-KEY': key.value },
        body: JSON.stringify({ session: { email: form.email.value, password: form.password.value } }),
      });
      const envelope = await answer.json();
      if (envelope.error) throw new Error(envelope.error.message);
      const raw = envelope.session.token;
      const claims = JSON.parse(atob(raw.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      ui.preauthorizeApiKey('ApiKeyHeader', key.value);
      ui.preauthorizeApiKey('OAuthTokenHeader', claims.token);
      status.textContent = 'Logged in as ' + form.email.value + ': the API key and token are applied to every call.';
      form.dataset.loggedIn = 'true';
    } catch (error) {
      status.textContent = 'Login failed: ' + error.message;
    }
  });
})();
`;

export interface TryItOptions {
  /** Filled into the API key field: only a key that is public anyway (Mage's client id), else empty. */
  apiKeyHint?: string;
}

/** `/docs/try`: a console on the running server (Swagger UI from the npm package; nothing from elsewhere). */
export function tryItRouter(options: TryItOptions = {}): Router {
  const router = express.Router();
  // Read on first use: 1.7 MB a start would read for nothing when no one opens the console.
  const file = (name: string) => {
    let text: string | undefined;
    return () => (text ??= readFileSync(resolve(`swagger-ui-dist/${name}`), 'utf8'));
  };
  const bundle = file('swagger-ui-bundle.js');
  const css = file('swagger-ui.css');
  const script = SCRIPT(options.apiKeyHint ?? '');
  const asset = (type: string, body: () => string) => (_req: express.Request, res: express.Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type(type).send(body());
  };
  router.get('/docs/try', (_req, res) => {
    res.setHeader('Content-Security-Policy', CSP);
    res.type('html').send(PAGE);
  });
  router.get('/docs/try/swagger-ui-bundle.js', asset('text/javascript', bundle));
  router.get('/docs/try/swagger-ui.css', asset('text/css', css));
  router.get(
    '/docs/try/try-it.css',
    asset('text/css', () => STYLE),
  );
  router.get(
    '/docs/try/try-it.js',
    asset('text/javascript', () => script),
  );
  return router;
}
