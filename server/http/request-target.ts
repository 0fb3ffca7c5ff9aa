import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * RFC 9112 §3.2: a request names its host exactly once, in the Host header, or in an absolute-form target (then a Host
 * header must agree with it). Anything else is a 400, and this answers its message, before any other check reads the
 * Host: with two Host headers Node keeps the first, and a proxy in front may have routed by the other. An absolute-form
 * target naming this request's own host is served as its path (`req.url` becomes it).
 */
export function requestTargetRefusal(req: IncomingMessage & { originalUrl?: string }): string | undefined {
  const hosts = hostHeaderCount(req.rawHeaders);
  if (hosts > 1) return `The request has ${hosts} Host headers; HTTP/1.1 allows exactly one (RFC 9112).`;
  if (hosts === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) return 'The request has no Host header; HTTP/1.1 requires one (RFC 9112).';
  const target = req.url ?? '/';
  if (target.startsWith('/') || target === '*') return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'The request target is neither a path nor an absolute URL.';
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
    return 'An absolute request target must be a plain http(s) URL.';
  }
  const host = req.headers.host;
  if (host === undefined || normalizedHost(host, url.protocol) !== url.host) {
    return `The request target names the host ${url.host}, not this request's Host (${host ?? 'none'}).`;
  }
  // The same host either way: route the path, as for an origin-form target.
  req.url = url.pathname + url.search;
  if (req.originalUrl !== undefined) req.originalUrl = req.url;
  return undefined;
}

/** requestTargetRefusal as Express middleware, for apps that chain middlewares (the MCP server): a refusal is answered by `refuse`. */
export function checkRequestTarget(refuse: (req: Request, res: Response, message: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = requestTargetRefusal(req);
    if (refusal !== undefined) return refuse(req, res, refusal);
    next();
  };
}

/** A Host header as URL parsing writes a host (lower case, no default port); undefined when it is not one. */
function normalizedHost(host: string, protocol: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/** Host headers as received (Node's req.headers keeps only the first). */
function hostHeaderCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.length === 4 && rawHeaders[i]!.toLowerCase() === 'host') count++;
  return count;
}
