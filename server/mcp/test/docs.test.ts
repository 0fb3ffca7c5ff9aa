import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allTools } from '../mcp-server.js';
import { MCP_OPTIONS, mcpHelpText } from '../options.js';

const docs = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');

describe('docs/mcp.md', () => {
  it('lists every tool the contract makes (`npm run generate` writes the list)', () => {
    for (const tool of allTools()) expect(docs).toContain(`| \`${tool.name}\` |`);
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
