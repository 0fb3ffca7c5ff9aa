import { expect, it, vi } from 'vitest';

it('adds no process listener when vitest evaluates the globalSetup once per project', async () => {
  const listeners = () => ['exit', 'SIGINT', 'SIGTERM'].map((event) => process.listenerCount(event));
  const before = listeners();
  for (let project = 0; project < 3; project++) {
    vi.resetModules();
    const { default: setup } = await import('../test-processes.js');
    expect(typeof setup).toBe('function');
  }
  expect(listeners()).toEqual(before);
});
