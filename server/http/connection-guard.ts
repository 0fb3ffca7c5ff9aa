import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '@pipeline-api/core';

export interface GuardLimits {
  /** Connections served at once (read, parsed, answered). */
  maxConnections: number;
  /** Connections waiting, unread, for a slot; past that the client holding the most is answered 503 first. */
  maxWaitingConnections: number;
  /**
   * How long a connection may wait for a slot before it is answered 503: the header timeout and the interval at which
   * Node checks it, by when every half-open socket that held a slot at its arrival has been closed.
   */
  waitTimeoutMs: number;
}

/** A connection being served. */
interface Held {
  socket: Socket;
  holder: Holder;
  /** Requests read on it whose answer has not finished. */
  inFlight: number;
  /** Whether a whole request ever arrived on it: one that never sent one is half-open. */
  hadRequest: boolean;
  /** When it got its slot (performance.now()). */
  admittedAt: number;
}

interface Waiter {
  socket: Socket;
  holder: Holder;
  timer: NodeJS.Timeout;
}

/** One client (an IPv4 address, an IPv6 /64): what it holds and what it has waiting. */
interface Holder {
  key: string;
  held: number;
  /** Its served connections with no request in flight, oldest first: those give way before busy ones. */
  halfOpen: Set<Held>;
  idle: Set<Held>;
  waiting: Waiter[];
}

/** Bytes read (and dropped) from a connection answered 503 before it is closed, so its close is not a reset. */
const LINGER_BYTES = 64 * 1024;
const LINGER_MS = 1000;
const ignore = () => {};
/**
 * How long a socket must have held its slot with no request before it counts as half-open and may give way: one just
 * admitted from the waiting room has its request on the way (it was sent while it waited), and is not cut for it.
 */
const halfOpenAfterMs = (limits: GuardLimits) => Math.min(1000, limits.waitTimeoutMs / 4);

/**
 * Shares the server's connection slots between clients only when they run short. While a slot is free any
 * connection takes it, so one client (a test process, a webhook sender behind a NAT) may hold them all. When none is
 * free, a new connection waits unread, and a slot is made for it from the client holding the most (when that client
 * holds more than the newcomer's would after: a half-open socket of it is answered 503 and closed, else an idle
 * kept-alive one is closed), else from an idle socket of the newcomer's own client; busy connections are never cut. While
 * connections wait, every answer closes its connection, and each freed slot goes to the waiting client holding
 * fewest. A connection that waits the header timeout, or finds the waiting room full (then the client with most
 * connections loses its newest waiter), is answered `busyAnswer` (a 503 with Retry-After) and closed after reading
 * what it sent: never a reset.
 *
 * It takes Node's own `connection` listener from the server and hands each connection to it once admitted.
 */
export function guardConnections(server: Server, limits: GuardLimits, busyAnswer: string) {
  const httpConnection = server.listeners('connection')[0] as ((socket: Socket) => void) | undefined;
  if (!httpConnection) throw new Error('guardConnections needs the HTTP server as created, with its own connection listener');
  server.removeListener('connection', httpConnection);
  // Accepted sockets stay unread until admitted (Node reads this field per connection; http.createServer has no option for it).
  (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;

  const halfOpenAfter = halfOpenAfterMs(limits);
  const holders = new Map<string, Holder>();
  const served = new Map<Socket, Held>();
  /** Holders with connections waiting. */
  const queued = new Set<Holder>();
  let waitingCount = 0;
  let lingering = 0;

  const holderOf = (key: string) => {
    let holder = holders.get(key);
    if (!holder) holders.set(key, (holder = { key, held: 0, halfOpen: new Set(), idle: new Set(), waiting: [] }));
    return holder;
  };
  const forgetIfEmpty = (holder: Holder) => {
    if (holder.held === 0 && holder.waiting.length === 0) holders.delete(holder.key);
  };

  function admit(socket: Socket, holder: Holder) {
    const entry: Held = { socket, holder, inFlight: 0, hadRequest: false, admittedAt: performance.now() };
    served.set(socket, entry);
    holder.held++;
    holder.halfOpen.add(entry);
    socket.once('close', () => release(entry));
    socket.off('error', ignore);
    httpConnection!.call(server, socket);
    socket.resume();
  }

  /** Gives back an entry's slot (once: an evicted socket's later close finds it gone). */
  function release(entry: Held) {
    if (served.get(entry.socket) !== entry) return;
    served.delete(entry.socket);
    const { holder } = entry;
    holder.held--;
    holder.halfOpen.delete(entry);
    holder.idle.delete(entry);
    forgetIfEmpty(holder);
    rebalance();
  }

  function dequeue(waiter: Waiter) {
    const { holder } = waiter;
    const at = holder.waiting.indexOf(waiter);
    if (at < 0) return false;
    holder.waiting.splice(at, 1);
    if (holder.waiting.length === 0) queued.delete(holder);
    waitingCount--;
    clearTimeout(waiter.timer);
    forgetIfEmpty(holder);
    return true;
  }

  /** The waiting connection to admit next: the oldest of the waiting client holding fewest slots. */
  function nextWaiter(): Waiter | undefined {
    let best: Holder | undefined;
    for (const holder of queued) if (!best || holder.held < best.held) best = holder;
    return best?.waiting[0];
  }

  let recheck: NodeJS.Timeout | undefined;
  /** Runs rebalance when a half-open socket's grace ends (one timer at a time). */
  function rebalanceAt(when: number) {
    if (recheck) return;
    recheck = setTimeout(
      () => {
        recheck = undefined;
        rebalance();
      },
      Math.max(1, when - performance.now()),
    );
    recheck.unref();
  }

  /** The socket of `holder` that gives way first: its oldest half-open one past the grace, else its oldest idle one. */
  function giverOf(holder: Holder, now: number): Held | undefined {
    const [halfOpen] = holder.halfOpen;
    if (halfOpen && now - halfOpen.admittedAt >= halfOpenAfter) return halfOpen;
    const [idle] = holder.idle;
    if (idle) return idle;
    if (halfOpen) rebalanceAt(halfOpen.admittedAt + halfOpenAfter);
    return undefined;
  }

  /**
   * A served socket with no request in flight that may give way to `newcomer`'s client: one of the client holding the
   * most, when that holds more than the newcomer's would after; else an idle one of the newcomer's own. Never the
   * newcomer's own half-open ones: on an overloaded server a client's connection admitted a second ago may not have
   * been read yet, and a lone client is never refused for its own burst.
   */
  function giverFor(newcomer: Holder): Held | undefined {
    let best: Holder | undefined;
    for (const holder of holders.values()) {
      if (holder === newcomer || holder.held <= newcomer.held + 1 || holder.halfOpen.size + holder.idle.size === 0) continue;
      if (!best || holder.held > best.held) best = holder;
    }
    const [ownIdle] = newcomer.idle;
    return (best && giverOf(best, performance.now())) ?? ownIdle;
  }

  /** Closes a served socket that has no request in flight: a half-open one is told why (503), an idle one just closed. */
  function giveWay(entry: Held) {
    const { socket } = entry;
    // Its slot is free now; its close event later finds nothing to release.
    served.delete(socket);
    entry.holder.held--;
    entry.holder.halfOpen.delete(entry);
    entry.holder.idle.delete(entry);
    forgetIfEmpty(entry.holder);
    // Stop parsing what else it sends (nothing will answer it), then close once the answer is out.
    socket.pause();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    if (entry.hadRequest) socket.end(close);
    else socket.end(busyAnswer, close);
  }

  function rebalance() {
    while (waitingCount > 0) {
      const next = nextWaiter()!;
      // Gone while it waited (its close event is still on its way): it needs no slot.
      if (next.socket.destroyed) {
        dequeue(next);
        continue;
      }
      if (served.size >= limits.maxConnections) {
        const giver = giverFor(next.holder);
        if (!giver) return;
        giveWay(giver);
      }
      dequeue(next);
      admit(next.socket, next.holder);
    }
  }

  /** Answers a connection that got no slot with the 503 and closes it after reading what it sent (bounded), so no reset. */
  function refuse(socket: Socket) {
    lingering++;
    let read = 0;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      lingering--;
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    });
    socket.once('end', close);
    socket.once('close', close);
    // Too many lingering already (a flood past every bound): close as soon as the answer is out.
    socket.end(busyAnswer, () => {
      if (lingering > limits.maxWaitingConnections) close();
    });
    socket.resume();
  }

  /** Past the waiting room: the newest waiter of the client with most connections (held and waiting) is refused. */
  function shed() {
    let most: Holder | undefined;
    for (const holder of queued) if (!most || holder.held + holder.waiting.length > most.held + most.waiting.length) most = holder;
    const waiter = most?.waiting.at(-1);
    if (waiter && dequeue(waiter)) refuse(waiter.socket);
  }

  server.on('connection', (socket: Socket) => {
    socket.on('error', ignore);
    const holder = holderOf(clientKey(socket.remoteAddress));
    if (waitingCount === 0 && served.size < limits.maxConnections) {
      admit(socket, holder);
      return;
    }
    const waiter: Waiter = {
      socket,
      holder,
      timer: setTimeout(() => {
        if (dequeue(waiter)) refuse(socket);
      }, limits.waitTimeoutMs),
    };
    waiter.timer.unref();
    holder.waiting.push(waiter);
    queued.add(holder);
    waitingCount++;
    socket.once('close', () => dequeue(waiter));
    if (waitingCount > limits.maxWaitingConnections) shed();
    rebalance();
  });

  // Before the app sees a request: the socket is busy; while others wait, its answer closes it.
  server.prependListener('request', (req, res) => {
    const entry = served.get(req.socket);
    if (!entry) return;
    if (entry.inFlight++ === 0) {
      entry.holder.halfOpen.delete(entry);
      entry.holder.idle.delete(entry);
    }
    entry.hadRequest = true;
    if (waitingCount > 0) res.setHeader('Connection', 'close');
    res.once('close', () => {
      if (served.get(entry.socket) !== entry || --entry.inFlight > 0 || entry.socket.destroyed) return;
      entry.holder.idle.add(entry);
      if (waitingCount > 0) rebalance();
    });
  });
}
