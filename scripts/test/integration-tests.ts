/**
 * The integration project: several packages together, or a real process (the server command, process groups). Each
 * entry says why.
 */
export const INTEGRATION_TESTS: Record<string, { why: string }> = {
  'conformance/test/**/*.test.ts': { why: 'the same scenarios against the server, the Node mocks and the browser mocks' },
  'examples/*/test/**/*.test.ts': { why: 'the example apps on the SDK, the query package and the mocks' },
  'server/test/route-matching.test.ts': { why: 'Express (the server) and MSW (the mocks) route every tricky path alike' },
  'server/test/cli.test.ts': { why: 'the built command in its own process' },
  'server/test/main.test.ts': { why: 'the npm start entry point in its own process' },
  'server/test/crash-recovery.test.ts': { why: 'the command killed mid-write, restarted on its data' },
  'server/storage/test/data-dir-cli.test.ts': { why: 'the command on a data file: a second server, kill -9, a truncated file, a full disk' },
  'server/proxy/test/proxy.test.ts': { why: 'the proxy command in its own process in front of a server' },
  'scripts/real-mage/test/process-group.test.ts': { why: 'process groups: a stopped command takes its children with it' },
  'server/mcp/test/transports.test.ts': { why: 'the MCP command over stdio and HTTP in its own process' },
};
