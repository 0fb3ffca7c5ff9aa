/**
 * The static demo's answer to Mage's editor websockets, loaded first in Mage's pages (the builder adds it to them). A
 * service worker cannot answer a WebSocket, so this script wraps the page's `WebSocket`: a socket to this origin's
 * kernel (`/websocket/`) or terminal (`/websocket/terminal`) is answered in the page, with the messages the
 * reference server sends (server/http/mage-ui-kernel-messages.ts: busy, the line saying code does not run here,
 * idle), after the same authorization (the kernel's update, asked of the worker like any API call). Every other
 * socket is the browser's own, under the page's CSP.
 */
import {
  credential,
  isRecord,
  KERNEL_AUTHORIZATION,
  kernelAnswers,
  MAX_KERNEL_MESSAGE_BYTES,
  messageRateLimit,
  terminalAnswer,
  TOO_MANY_MESSAGES,
} from '../../../server/http/mage-ui-kernel-messages.js';
import { editorSocketOf, type EditorSocket } from './kernel-url.js';

const NativeWebSocket = window.WebSocket;

/** Whether the kernel's update is allowed with the credentials a message carries (the worker answers, as the server). */
async function mayRun(message: Record<string, unknown>): Promise<boolean> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const apiKey = credential(message.api_key);
  const token = credential(message.token);
  if (apiKey) headers['x-api-key'] = apiKey;
  if (token) headers['oauth-token'] = token;
  const answer = await fetch(KERNEL_AUTHORIZATION.path, { method: KERNEL_AUTHORIZATION.method, headers, body: JSON.stringify(KERNEL_AUTHORIZATION.body) });
  const body: unknown = await answer.json().catch(() => undefined);
  return answer.ok && isRecord(body) && body.error === undefined;
}

/** A socket to the editor's kernel or terminal, answered in the page: the browser's WebSocket interface, no network. */
class PageSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readonly protocol = '';
  readonly extensions = '';
  readonly bufferedAmount = 0;
  binaryType: BinaryType = 'blob';
  readyState: 0 | 1 | 2 | 3 = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly tooMany = messageRateLimit();
  private toldTerminal = false;

  constructor(
    readonly url: string,
    private readonly channel: EditorSocket,
  ) {
    super();
    // Opened after the caller has set its handlers, as a real socket opens.
    setTimeout(() => {
      if (this.readyState !== this.CONNECTING) return;
      this.readyState = this.OPEN;
      this.fire(new Event('open'));
    }, 0);
  }

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
    if (this.readyState === this.CONNECTING) throw new DOMException("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", 'InvalidStateError');
    if (this.readyState !== this.OPEN) return;
    if (this.tooMany()) return this.close(TOO_MANY_MESSAGES.code, TOO_MANY_MESSAGES.reason);
    // Binary frames, and text past the server's cap, are dropped as the server drops them (it closes on the latter).
    if (typeof data !== 'string') return;
    if (new TextEncoder().encode(data).byteLength > MAX_KERNEL_MESSAGE_BYTES) return this.close(1009, 'Message too big');
    if (this.channel === 'terminal') {
      if (this.toldTerminal) return;
      this.toldTerminal = true;
      setTimeout(() => this.deliver([terminalAnswer('demo')]), 0);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return; // Mage's server fails on it and answers nothing
    }
    if (!isRecord(message)) return;
    const fields = message;
    mayRun(fields).then(
      (allowed) => this.deliver(kernelAnswers(fields, allowed, 'demo')),
      () => this.close(1011, 'Internal error'),
    );
  }

  close(code = 1000, reason = '') {
    if (this.readyState === this.CLOSING || this.readyState === this.CLOSED) return;
    this.readyState = this.CLOSING;
    setTimeout(() => {
      this.readyState = this.CLOSED;
      this.fire(new CloseEvent('close', { code, reason, wasClean: true }));
    }, 0);
  }

  /** Each answer as its own message event, in order, while the socket is open. */
  private deliver(answers: unknown[]) {
    for (const answer of answers) {
      if (this.readyState !== this.OPEN) return;
      this.fire(new MessageEvent('message', { data: JSON.stringify(answer), origin: new URL(this.url).origin }));
    }
  }

  private fire(event: Event) {
    const handler = (event.type === 'open' ? this.onopen : event.type === 'message' ? this.onmessage : event.type === 'close' ? this.onclose : this.onerror) as
      ((event: Event) => void) | null;
    handler?.call(this, event);
    this.dispatchEvent(event);
  }
}

/** The page's `WebSocket`: the editor's two sockets answered here, any other one the browser's. */
function DemoWebSocket(url: string | URL, protocols?: string | string[]): WebSocket {
  const channel = editorSocketOf(String(url), location.href);
  if (channel) return new PageSocket(new URL(String(url), location.href).href, channel);
  return new NativeWebSocket(url, protocols);
}
DemoWebSocket.prototype = NativeWebSocket.prototype;
Object.assign(DemoWebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
// Mage's websocket library checks `socket instanceof WebSocket` (the global, this function): both kinds are.
Object.defineProperty(DemoWebSocket, Symbol.hasInstance, { value: (value: unknown) => value instanceof PageSocket || value instanceof NativeWebSocket });
window.WebSocket = DemoWebSocket as unknown as typeof WebSocket;
