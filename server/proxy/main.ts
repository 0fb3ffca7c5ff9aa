import { parseProxySettings, proxyHelpText, ProxyUsageError } from './options.js';
import { startProxy, type RunningProxy } from './proxy.js';

/** `pipeline-api-server proxy ...`: runs until SIGTERM/SIGINT, then writes the recordings and the summary; exit 1 on violations --allow does not accept with --fail-on-violation. */
export async function proxyMain(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  let settings;
  try {
    settings = parseProxySettings(argv, env);
  } catch (error) {
    if (!(error instanceof ProxyUsageError)) throw error;
    process.stderr.write(`pipeline-api-server proxy: ${error.message}\nSee pipeline-api-server proxy --help.\n`);
    process.exit(2);
  }
  if (settings.help) {
    process.stdout.write(proxyHelpText());
    return;
  }
  let proxy: RunningProxy | null = null;
  const stop = (signal: string) => {
    console.log(`${signal} received: closing`);
    if (!proxy) process.exit(0);
    proxy.close().then(
      (report) => process.exit(settings.failOnViolation && report.violations.notAllowed > 0 ? 1 : 0),
      (error: unknown) => {
        console.error(`pipeline-api-server proxy: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  try {
    proxy = await startProxy({
      ...settings,
      env,
      log: (line) => {
        if (!settings.quiet || !line.startsWith('[proxy] violation')) console.log(line);
      },
    });
  } catch (error) {
    process.stderr.write(`pipeline-api-server proxy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  console.log(`Contract proxy listening on ${proxy.url} (forwarding to ${settings.target}; report at ${proxy.url}/__proxy/report)`);
}
