import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The server's open sockets, for its `close()`. */
export function trackConnections(server: Server): Set<Socket> {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return open;
}

/**
 * Ends every connection without cutting an answer, so a stop is not held by a socket nobody is using: one with no
 * request in flight (idle after a kept-alive request, or a browser's preconnect that has sent nothing, which Node's
 * `closeIdleConnections` leaves open until the header timeout) closes now; one being answered closes once its answer
 * is sent, which says `Connection: close` if its headers are not out yet (else it would stay open, idle, for the
 * keep-alive timeout).
 */
export function endConnections(open: Set<Socket>) {
  for (const socket of open as Set<Socket & { _httpMessage?: ServerResponse | null }>) {
    // The response a socket is answering (Node's own field, as in client-error.ts): no public API says a socket is mid-request.
    const answering = socket._httpMessage;
    if (!answering) {
      socket.destroy();
      continue;
    }
    if (!answering.headersSent) answering.setHeader('Connection', 'close');
    answering.once('finish', () => socket.destroySoon());
  }
}
