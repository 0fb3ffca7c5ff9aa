import type { NextFunction, Request, Response } from 'express';
import type { OriginSettings } from './origins.js';
import { allowedHostCheck, decideOrigin } from './origins.js';

const DEFAULT_ALLOWED_HEADERS = 'Content-Type, X-API-KEY, OAUTH-TOKEN, Authorization';
const METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * Browser defences and CORS, before the body is read (decisions in origins.ts). A refused request is answered
 * by `refuse` with the envelope. An allowed origin is echoed with credentials (the oauth_token cookie), and its
 * preflight may send whatever headers it asks for (SDK users add their own, docs/sdk.md).
 */
export function cors(settings: OriginSettings, refuse: (req: Request, res: Response, message: string) => void) {
  const hostAllowed = allowedHostCheck(settings);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (origin !== undefined) res.setHeader('Vary', 'Origin'); // the answer depends on it, allowed or not
    const decision = decideOrigin({ method: req.method, host: req.headers.host, origin, contentType: req.headers['content-type'] }, settings, hostAllowed);
    if (decision.refusal) return refuse(req, res, decision.refusal);
    if (decision.corsOrigin) {
      res.setHeader('Access-Control-Allow-Origin', decision.corsOrigin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (req.method === 'OPTIONS') {
      if (origin !== undefined && !decision.corsOrigin) {
        return refuse(req, res, `The origin ${origin} is not allowed to call this server: add it to CORS_ORIGINS.`);
      }
      const requested = req.headers['access-control-request-headers'];
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', requested || DEFAULT_ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      if (requested) res.appendHeader('Vary', 'Access-Control-Request-Headers');
      res.status(204).end();
      return;
    }
    next();
  };
}
