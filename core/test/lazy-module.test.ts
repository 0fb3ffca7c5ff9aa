import { expect, it } from 'vitest';
import { lazyModule } from '../src/lazy-module.js';

it('imports once, is at hand synchronously afterwards, and refuses synchronous use before', async () => {
  let imports = 0;
  const lazy = lazyModule(async () => ({ answer: ++imports }));
  expect(lazy.loaded).toBeUndefined();
  expect(() => lazy.required('used before load()')).toThrow('used before load()');
  const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
  expect(first).toBe(second);
  expect(imports).toBe(1);
  expect(lazy.required('unused')).toBe(first);
  expect(lazy.loaded).toBe(first);
});

it('tries a failed import again on the next load', async () => {
  let attempts = 0;
  const lazy = lazyModule(async () => {
    if (++attempts === 1) throw new Error('the chunk did not download');
    return { ok: true };
  });
  await expect(lazy.load()).rejects.toThrow('did not download');
  expect(() => lazy.required('not yet')).toThrow('not yet');
  expect(await lazy.load()).toEqual({ ok: true });
  expect(attempts).toBe(2);
});
