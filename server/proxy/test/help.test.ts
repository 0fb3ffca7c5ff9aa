import { describe, expect, it } from 'vitest';
import { helpText } from '../../cli/options.js';

describe('the server command help', () => {
  it('names the proxy subcommand and where its own help is', () => {
    const help = helpText();
    expect(help).toMatch(/pipeline-api-server proxy --target <url>/);
    expect(help).toContain('pipeline-api-server proxy --help');
  });
});
