import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_LIMIT_BYTES, parseBody } from '@pipeline-api/core';
import express from 'express';

/** A Content-Type whose body body-parser reads as UTF-8 text as it is: none, JSON or plain text, UTF-8 or no charset. */
const PLAIN_TYPE = /^(?:application\/json|text\/plain)(?:\s*;\s*charset=(?:utf-8|"utf-8"))?$/i;
const DECIMAL = /^\d{1,16}$/;

/** Whether a request carries a body (body-parser's own test, type-is's hasBody): without one there is nothing to read. */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length']));
}

/**
 * The body of a request that has one, as text of any Content-Type (Mage's docs send text/plain), parsed as JSON by the
 * core's parser, as the mocks do: the common body by readPlainBody, any other (compressed, chunked, another charset)
 * by body-parser, which answers every edge case (413, 415, a broken gzip stream, an aborted upload) with an error.
 */
export function bodyReader(): (req: IncomingMessage & { body?: unknown }, res: ServerResponse, done: (error: unknown, body?: unknown) => void) => void {
  const readText = express.text({ type: () => true, limit: BODY_LIMIT_BYTES });
  return (req, res, done) => {
    const parsed = (text: string | undefined) => {
      let body: unknown;
      try {
        body = parseBody(text);
      } catch (parseError) {
        return done(parseError);
      }
      done(undefined, body);
    };
    if (readPlainBody(req, BODY_LIMIT_BYTES, (error, text) => (error ? done(error) : parsed(text)))) return;
    readText(req, res, (error?: unknown) => (error ? done(error) : parsed(typeof req.body === 'string' ? req.body : undefined)));
  };
}

/**
 * The common body, read without body-parser's machinery (its charset and encoding decoders, its stream plumbing): a
 * request that states its length, at most `limit` bytes, neither compressed nor chunked, typed as JSON or text in
 * UTF-8 (or untyped). The text is what body-parser's text parser reads of it (UTF-8 decoded, a leading BOM dropped).
 * Any other request returns false and is left to body-parser, which answers every edge case (413, 415, a charset, gzip).
 */
export function readPlainBody(req: IncomingMessage, limit: number, done: (error: Error | undefined, text?: string) => void): boolean {
  const { headers } = req;
  const length = headers['content-length'];
  if (length === undefined || !DECIMAL.test(length) || Number(length) > limit) return false;
  if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return false;
  const type = headers['content-type'];
  if (type !== undefined && !PLAIN_TYPE.test(type)) return false;
  if (req.complete || req.readableEnded || req.destroyed) return false;

  const chunks: Buffer[] = [];
  let finished = false;
  const finish = (error: Error | undefined, text?: string) => {
    if (finished) return;
    finished = true;
    req.removeListener('data', onData);
    req.removeListener('end', onEnd);
    req.removeListener('error', onError);
    req.removeListener('close', onClose);
    done(error, text);
  };
  const onData = (chunk: Buffer) => chunks.push(chunk);
  const onEnd = () => {
    const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
    finish(undefined, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  };
  // As body-parser answers a body that stopped before its end: a 400 the client is no longer there to read.
  const onError = () => finish(aborted());
  const onClose = () => finish(aborted());
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('close', onClose);
  return true;
}

/** body-parser's error for a request aborted before its body arrived whole (http-errors' shape: a 400 safe to show). */
function aborted(): Error {
  return Object.assign(new Error('request aborted'), { status: 400, statusCode: 400, expose: true, type: 'request.aborted' });
}
