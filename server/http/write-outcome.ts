import type { ServerResponse } from 'node:http';
import type { Outcome } from '@pipeline-api/core';

/**
 * The core's outcome, written to the socket once: its headers, its status, then its body. A file route's success
 * (a CSV download) is its text, as it is, with its type and file name; any other answer is the envelope as JSON, the
 * text the core wrote while it measured it when it did (a success), else serialised here (an error). Encoded once:
 * its length is the Content-Length, and the bytes go out as they are. Node drops the body of an answer to HEAD.
 */
export function writeOutcome(res: ServerResponse, outcome: Outcome): void {
  const { headers, file } = outcome;
  if (headers) for (const name in headers) res.setHeader(name, headers[name]!);
  res.statusCode = outcome.status;
  if (file) {
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', file.contentDisposition);
    res.setHeader('Content-Length', Buffer.byteLength(file.text));
    res.end(file.text);
    return;
  }
  const text = outcome.text ?? JSON.stringify(outcome.body);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  // A string, not bytes: Node sends the headers and a string body in one write, and bytes in two (writev).
  res.end(text);
}
