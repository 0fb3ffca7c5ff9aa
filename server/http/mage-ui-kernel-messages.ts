/**
 * What Mage's pipeline editor is answered on its kernel websocket (`/websocket/`) and its terminal's, wherever the kit
 * answers it: the reference server (mage-ui-websocket.ts) and the static demo's page (scripts/mage-ui/demo/kernel.ts).
 * The kit runs no code, so each request to run is answered, in the messages Mage's WebSocketServer sends, with a busy
 * status, one line saying so, and an idle status: the editor shows the line in the block's output and stops its
 * spinner (docs/mage-ui.md, "Running code"). No Node or browser module: both hosts import it.
 */

/** Where the editor is answered: what the line says is not available depends on it. */
export type KernelHost = 'server' | 'demo';

/** The line Mage's editor shows in a block's output when it runs one. */
export const CODE_DOES_NOT_RUN: Readonly<Record<KernelHost, string>> = {
  server: 'Running code is not available on this server: the Pipeline API kit’s reference server runs no Python. Your code is saved; run it on a Mage server.',
  demo: 'Running code is not available in this demo: it runs in your browser, with no server and no Python. Your code is saved; run it on a Mage server.',
};

/** What the terminal's websocket says to its first message. */
export const NO_TERMINAL: Readonly<Record<KernelHost, string>> = {
  server: 'The terminal is not available on this server: the Pipeline API kit’s reference server has no shell.',
  demo: 'The terminal is not available in this demo: it runs in your browser, with no shell.',
};

/** A client message is at most this big (a block's code is at most 512 KiB, sent as JSON). */
export const MAX_KERNEL_MESSAGE_BYTES = 1024 * 1024;
/** Messages a socket may send a second; more closes it (every message is answered with three). */
export const MAX_KERNEL_MESSAGES_PER_SECOND = 20;

/** The close code and reason of a socket that sent too many messages (1008: policy violation). */
export const TOO_MANY_MESSAGES = { code: 1008, reason: 'Too many messages' } as const;

/** The kernel's update the editor's credentials must allow (Mage's rule: who may run code may update pipelines). */
export const KERNEL_AUTHORIZATION = { method: 'PUT', path: '/api/kernels/python3', body: { kernel: {} } } as const;

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A credential the message carries, as the authorization reads it (a longer one is no credential). */
export const credential = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 4096 ? value : undefined);

const str = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, 1024) : null);

/** Counts a socket's messages per second: true once past the cap (the caller closes it). */
export function messageRateLimit(now: () => number = Date.now): () => boolean {
  let windowStart = now();
  let count = 0;
  return () => {
    const at = now();
    if (at - windowStart >= 1000) {
      windowStart = at;
      count = 0;
    }
    return ++count > MAX_KERNEL_MESSAGES_PER_SECOND;
  };
}

/**
 * The answers to one kernel message, in Mage's shapes (WebSocketServer.send_message, publish_pipeline_message):
 * `allowed` says whether its credentials may run code; `host` which line says that code does not run here.
 */
export function kernelAnswers(message: Record<string, unknown>, allowed: boolean, host: KernelHost): Record<string, unknown>[] {
  const msg_id = crypto.randomUUID();
  const uuid = str(message.uuid);
  const pipeline_uuid = str(message.pipeline_uuid);
  const block_type = str(message.type);
  if (!allowed) {
    return [
      {
        data: 'Unauthorized access.',
        execution_metadata: { block_uuid: uuid },
        execution_state: 'idle',
        msg_id,
        type: 'text/plain',
        uuid,
        pipeline_uuid,
        block_type,
      },
    ];
  }
  if (message.execute_pipeline || message.cancel_pipeline || message.check_if_pipeline_running) {
    // The pipeline's run is a stream of `stream_pipeline` messages; idle without a block uuid ends it.
    const pipelineMessage = (execution_state: string, data: string | null) => ({
      data,
      error: null,
      execution_state,
      metadata: { pipeline_uuid },
      msg_id,
      msg_type: 'stream_pipeline',
      pipeline_uuid,
      uuid: null,
      block_type: null,
      type: 'text/plain',
    });
    if (!message.execute_pipeline) return [pipelineMessage('idle', null)];
    return [pipelineMessage('busy', CODE_DOES_NOT_RUN[host]), pipelineMessage('idle', null)];
  }
  if (typeof message.code !== 'string' || uuid === null) return [];
  const base = { block_type, msg_id, pipeline_uuid, uuid, execution_metadata: { block_uuid: uuid } };
  return [
    { ...base, data: null, execution_state: 'busy', msg_type: 'status', type: null },
    { ...base, data: CODE_DOES_NOT_RUN[host], execution_state: null, msg_type: 'stream', type: 'text/plain' },
    { ...base, data: null, execution_state: 'idle', msg_type: 'status', type: null },
  ];
}

/** The terminal's answer to its first message: Mage's terminal sends the shell's output as `["stdout", text]`. */
export const terminalAnswer = (host: KernelHost): [string, string] => ['stdout', `${NO_TERMINAL[host]}\r\n`];
