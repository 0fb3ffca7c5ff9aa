/**
 * Rewrites the tool list of docs/mcp.md from the tools the MCP server makes of the contract (`npm run mcp-docs`);
 * server/mcp/test/docs.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allTools } from '../mcp/mcp-server.js';
import { toolTable, withToolTable } from '../mcp/tool-table.js';

const path = fileURLToPath(new URL('../../docs/mcp.md', import.meta.url));
writeFileSync(path, withToolTable(readFileSync(path, 'utf8'), toolTable(allTools())));
