import { describe, expect, it } from 'vitest';
import { KnownSecrets } from '../known-secrets.js';
import { MASK, Masker } from '../masking.js';

const learnKey = (masker: Masker, key: string) => masker.learnRequest({ 'x-api-key': key }, new URLSearchParams(), undefined);

describe('the masker’s memory of credentials', () => {
  it('blanks every known credential in text, as sent and percent-encoded, the longer of two overlapping ones whole', () => {
    const secrets = new KnownSecrets(10);
    for (const secret of ['abcdefgh', 'abcdefgh-longer', 'key with spaces/1', 'short']) secrets.add(secret);
    expect(secrets.blank('x abcdefgh-longer y abcdefgh z', '#')).toBe('x # y # z');
    expect(secrets.blank('/runs/key%20with%20spaces%2F1?q=key with spaces/1', '#')).toBe('/runs/#?q=#');
    expect(secrets.blank('short is too short to be one', '#')).toBe('short is too short to be one');
  });

  it('forgets the oldest past its capacity, and a credential seen again counts as new', () => {
    const masker = new Masker();
    learnKey(masker, 'the-key-in-use-0001');
    for (let i = 0; i < 999; i++) learnKey(masker, `one-off-key-${i}-xyz`);
    learnKey(masker, 'the-key-in-use-0001'); // used again: the newest
    learnKey(masker, 'one-more-key-abcdef'); // past the capacity: the oldest other one goes
    expect(masker.text('the-key-in-use-0001')).toBe(MASK);
    expect(masker.text('one-off-key-0-xyz')).toBe('one-off-key-0-xyz');
    expect(masker.text('one-off-key-1-xyz')).toBe(MASK);
  });
});

describe('secret values in recordings', () => {
  it('masks `secret.value` in a body and blanks the value wherever it shows up again; other `value`s stay', () => {
    const masker = new Masker();
    const body = { secret: { name: 'warehouse_password', value: 'pw-unique-4711' }, variable: { value: 'kept' } };
    masker.learnRequest({}, new URLSearchParams(), body);
    expect(masker.json(body)).toEqual({ secret: { name: 'warehouse_password', value: MASK }, variable: { value: 'kept' } });
    expect(masker.text('an echo of pw-unique-4711 in a message')).toBe(`an echo of ${MASK} in a message`);
    expect(masker.json({ secret: { name: 'n', value: null } })).toEqual({ secret: { name: 'n', value: null } });
  });
});
