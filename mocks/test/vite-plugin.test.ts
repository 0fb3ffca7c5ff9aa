import { describe, expect, it } from 'vitest';
import { pipelineApiMocks } from '../src/vite.js';
import { BROWSER_ENTRIES, bundleWithVite } from './browser-bundle.js';

describe('@pipeline-api/mocks/vite: pipelineApiMocks()', () => {
  it('is a Vite plugin that aliases tldts to its ESM build', () => {
    const plugin = pipelineApiMocks();
    expect(plugin.name).toBe('@pipeline-api/mocks');
    expect(plugin.config().resolve.alias).toEqual([{ find: /^tldts$/, replacement: 'tldts/dist/index.esm.min.js' }]);
  });

  it('a Vite build of setupMockWorker and one SDK call is smaller with it (tldts’s ESM build), within the page’s budget of bench:mocks-bundle (150 kB gzip) at boot', async () => {
    const entry = BROWSER_ENTRIES['setupMockWorker and one SDK call'];
    const [plain, withPlugin] = [await bundleWithVite(entry), await bundleWithVite(entry, { kitPlugin: true })];
    expect(withPlugin.gzip).toBeLessThan(plain.gzip - 30_000);
    expect(withPlugin.gzip).toBeLessThanOrEqual(150_000);
  }, 120_000);
});
