import { fr } from 'zod/locales';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Pipeline, listQuery, useEnglishMessages } from '../src/index.js';

describe("the contract's validation messages", () => {
  it('are zod’s English ones with zod/mini alone loaded (the error envelope carries them)', () => {
    expect(Pipeline.safeParse({}).error?.issues[0]?.message).toBe('Invalid input: expected string, received undefined');
    expect(listQuery.safeParse({ _limit: '5000' }).error?.issues[0]?.message).toBe(
      'must be a whole number from 0 to 1000, in decimal digits (page with _offset for more)',
    );
  });

  it('leave a locale the app chose', () => {
    const english = z.config().localeError;
    try {
      z.config(fr());
      useEnglishMessages();
      expect(Pipeline.safeParse({}).error?.issues[0]?.message).toMatch(/^Entrée invalide/);
    } finally {
      z.config({ localeError: english });
    }
  });
});
