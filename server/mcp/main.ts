import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { sandboxBackend, targetBackend, type Backend } from './backend.js';
import { serveMcpHttp } from './http.js';
import { allTools, createMcpServer, createToolbox, writableResources } from './mcp-server.js';
import { maskText } from './results.js';
import { mcpHelpText, McpUsageError, parseMcpSettings } from './options.js';

/** `pipeline-api-server mcp ...`: the MCP server over stdio (default) or Streamable HTTP; logs on stderr. */
export async function mcpMain(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  const tools = allTools();
  let settings;
  try {
    settings = parseMcpSettings(argv, env, writableResources(tools));
  } catch (error) {
    if (!(error instanceof McpUsageError)) throw error;
    process.stderr.write(`pipeline-api-server mcp: ${error.message}\nSee pipeline-api-server mcp --help.\n`);
    process.exit(2);
  }
  if (settings.help) {
    process.stdout.write(mcpHelpText());
    return;
  }
  const secrets = [settings.credentials.apiKey, settings.credentials.password, settings.credentials.token].filter((s): s is string => Boolean(s));
  const log = (line: string) => process.stderr.write(`${maskText(line, secrets)}\n`);
  let backend: Backend;
  try {
    backend = settings.target === null ? await sandboxBackend() : await targetBackend(settings.target, settings.credentials);
  } catch (error) {
    log(`pipeline-api-server mcp: could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const toolbox = createToolbox({ backend, access: settings.access, tools, log, debug: settings.debug });
  if (settings.debug) log('pipeline-api-server mcp: --debug: failed calls are logged with their messages and stack traces, which may quote tool arguments');
  const shown = toolbox.tools.length;
  const writes = settings.access.readOnly
    ? 'read-only'
    : settings.access.allowWrites === 'all'
      ? 'all writes allowed'
      : `writes: ${[...settings.access.allowWrites].join(', ') || 'none'}`;
  const onError = (error: Error) => log(`[mcp] transport error: ${error.message}`);
  if (settings.http) {
    const running = await serveMcpHttp(toolbox, settings.port, onError);
    log(`Pipeline API MCP server (${backend.label}, ${shown} tools, ${writes}) listening on ${running.url}`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return;
  }
  const handle = serveStdio(() => createMcpServer(toolbox), { onerror: onError });
  log(`Pipeline API MCP server (${backend.label}, ${shown} tools, ${writes}) on stdio`);
  const stop = () => void handle.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdin.once('end', stop);
}
