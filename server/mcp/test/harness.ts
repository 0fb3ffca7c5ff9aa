import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { sandboxBackend, type Backend } from '../backend.js';
import { createMcpServer, createToolbox, type Access } from '../mcp-server.js';

export const ALL_WRITES: Access = { readOnly: false, allowWrites: 'all' };

export interface Connected {
  client: Client;
  backend: Backend;
  /** Every log line the server wrote. */
  logs: string[];
  close(): Promise<void>;
}

/** The official MCP client, connected in memory to an MCP server over a fresh sandbox. */
export async function connectSandbox(access: Access = ALL_WRITES): Promise<Connected> {
  const backend = await sandboxBackend();
  const logs: string[] = [];
  const server = createMcpServer(createToolbox({ backend, access, log: (line) => logs.push(line) }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'pipeline-api-tests', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    backend,
    logs,
    close: async () => {
      await client.close();
      await server.close();
      await backend.close();
    },
  };
}
