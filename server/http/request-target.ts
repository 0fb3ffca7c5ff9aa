import type { NextFunction, Request, Response } from 'express';

/**
 * RFC 9112 §3.2: a request names its host exactly once, in the Host header, or in an absolute-form target (then a Host
 * header must agree with it). Anything else is a 400 answered by `refuse`, before any other check reads the Host:
 * with two Host headers Node keeps the first, and a proxy in front may have routed by the other. An absolute-form
 * target naming this request's own host is served as its path.
 */
export function checkRequestTarget(refuse: (req: Request, res: Response, message: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const hosts = hostHeaderCount(req.rawHeaders);
    if (hosts > 1) return refuse(req, res, `The request has ${hosts} Host headers; HTTP/1.1 allows exactly one (RFC 9112).`);
    if (hosts === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      return refuse(req, res, 'The request has no Host header; HTTP/1.1 requires one (RFC 9112).');
    }
    const target = req.url;
    if (target.startsWith('/') || target === '*') return next();
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return refuse(req, res, 'The request target is neither a path nor an absolute URL.');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') {
      return refuse(req, res, 'An absolute request target must be a plain http(s) URL.');
    }
    const host = req.headers.host;
    if (host === undefined || normalizedHost(host, url.protocol) !== url.host) {
      return refuse(req, res, `The request target names the host ${url.host}, not this request's Host (${host ?? 'none'}).`);
    }
    // The same host either way: route the path, as for an origin-form target.
    req.url = url.pathname + url.search;
    req.originalUrl = req.url;
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
