/**
 * The integration project: several packages together, or a real process (the server command, process groups). Each
 * entry says why, and about how many seconds its files take on a quiet 2-core machine (for the test sequencer).
 */
export const INTEGRATION_TESTS: Record<string, { why: string; seconds: number }> = {
  'conformance/test/**/*.test.ts': { why: 'the same scenarios against the server, the Node mocks and the browser mocks', seconds: 4 },
  'examples/*/test/**/*.test.ts': { why: 'the example apps on the SDK, the query package and the mocks', seconds: 1 },
  'server/test/route-matching.test.ts': { why: 'Express (the server) and MSW (the mocks) route every tricky path alike', seconds: 3 },
  'server/test/cli.test.ts': { why: 'the built command in its own process', seconds: 4 },
  'server/test/main.test.ts': { why: 'the npm start entry point in its own process', seconds: 2 },
  'server/test/crash-recovery.test.ts': { why: 'the command killed mid-write, restarted on its data', seconds: 8 },
  'server/storage/test/data-dir-cli.test.ts': { why: 'the command on a data file: a second server, kill -9, a truncated file, a full disk', seconds: 12 },
  'server/proxy/test/proxy.test.ts': { why: 'the proxy command in its own process in front of a server', seconds: 1 },
  'server/mcp/test/transports.test.ts': { why: 'the MCP command over stdio and HTTP in its own process', seconds: 7 },
  'scripts/real-mage/test/process-group.test.ts': { why: 'process groups: a stopped command takes its children with it', seconds: 6 },
};
