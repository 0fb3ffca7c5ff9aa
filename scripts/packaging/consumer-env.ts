/** A consumer's environment: nothing of the workspace's (no source condition, no NODE_OPTIONS or vitest state from a parent). */
export function consumerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('VITEST') && key !== 'NODE_OPTIONS' && key !== 'TEST') env[key] = value;
  }
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0' };
}
