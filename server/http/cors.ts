import type { NextFunction, Request, Response } from 'express';

const ALLOWED_HEADERS = 'Content-Type, X-API-KEY, OAUTH-TOKEN, Authorization';
const METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * A browser app on another origin may call the API with credentials (the oauth_token cookie):
 * the origin is echoed rather than `*`, which browsers refuse with credentials.
 */
export function cors(req: Request, res: Response, next: NextFunction) {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
    res.setHeader('Vary', 'Origin');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
}
