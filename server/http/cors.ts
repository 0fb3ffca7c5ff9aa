import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { OriginSettings } from './origins.js';
import { allowedHostCheck, decideOrigin } from './origins.js';

const DEFAULT_ALLOWED_HEADERS = 'Content-Type, X-API-KEY, OAUTH-TOKEN, Authorization';
const METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/** What the browser checks decided: go on, the preflight is answered (204), or refuse with this message. */
export type CorsVerdict = { refusal: string } | 'answered' | undefined;

/**
 * Browser defences and CORS, before the body is read (decisions in origins.ts): sets the CORS headers of an allowed
 * origin, answers a preflight itself, and says what to refuse (the caller answers with the envelope). An allowed
 * origin is echoed with credentials (the oauth_token cookie), and its preflight may send whatever headers it asks for
 * (SDK users add their own, docs/sdk.md).
 */
export function corsCheck(settings: OriginSettings): (req: IncomingMessage, res: ServerResponse) => CorsVerdict {
  const hostAllowed = allowedHostCheck(settings);
  return (req, res) => {
    const origin = req.headers.origin;
    const method = req.method ?? 'GET';
    if (origin !== undefined) res.setHeader('Vary', 'Origin'); // the answer depends on it, allowed or not
    const decision = decideOrigin({ method, host: req.headers.host, origin, contentType: req.headers['content-type'] }, settings, hostAllowed);
    if (decision.refusal) return { refusal: decision.refusal };
    if (decision.corsOrigin) {
      res.setHeader('Access-Control-Allow-Origin', decision.corsOrigin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (method !== 'OPTIONS') return undefined;
    if (origin !== undefined && !decision.corsOrigin) return { refusal: `The origin ${origin} is not allowed to call this server: add it to CORS_ORIGINS.` };
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    res.setHeader('Access-Control-Allow-Headers', requested || DEFAULT_ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    if (requested) res.appendHeader('Vary', 'Access-Control-Request-Headers');
    res.statusCode = 204;
    res.end();
    return 'answered';
  };
}

/** corsCheck as Express middleware, for apps that chain middlewares (the proxy): a refusal is answered by `refuse`. */
export function cors(settings: OriginSettings, refuse: (req: Request, res: Response, message: string) => void) {
  const check = corsCheck(settings);
  return (req: Request, res: Response, next: NextFunction) => {
    const verdict = check(req, res);
    if (verdict === 'answered') return;
    if (verdict) return refuse(req, res, verdict.refusal);
    next();
  };
}
