import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allTools } from '../mcp-server.js';
import { MCP_OPTIONS, mcpHelpText } from '../options.js';
import { toolTable, withToolTable } from '../tool-table.js';

const docs = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');

describe('docs/mcp.md', () => {
  it('lists the tools the contract makes: run `npm run mcp-docs` after changing a route', () => {
    const table = toolTable(allTools());
    expect(withToolTable(docs, table), 'docs/mcp.md is stale: run `npm run mcp-docs`').toBe(docs);
    for (const tool of allTools()) expect(table).toContain(`| \`${tool.name}\` |`);
  });

  it('documents every option, as --help does', () => {
    const help = mcpHelpText();
    for (const option of MCP_OPTIONS) {
      expect(docs, option.flag).toContain(`| \`--${option.flag}`);
      expect(help, option.flag).toContain(`--${option.flag}`);
    }
  });

  it('is linked from the README and the docs index', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('docs/mcp.md');
  });
});
