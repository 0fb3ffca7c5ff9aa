import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/context.js';
import { definePresenter, type PresentContext } from '../src/presenter.js';

interface Row {
  id: number;
  name: string;
}
interface Item {
  id?: number;
  name?: string;
  label?: string;
  missing?: string;
}

// The presenter under test reads only its record and the format.
const ctx = (format: string): PresentContext<undefined> => ({ op: {} as RequestContext, preloaded: undefined, format });

describe('a presenter', () => {
  const presenter = definePresenter<Row, undefined, Item>({
    attributes: { id: (r) => r.id, name: (r) => r.name, label: (r, c) => `${c.format}:${r.name}` },
    formats: { default: ['name', 'id', 'missing'], list: ['label', 'id'] },
  });

  it("presents each format's attributes in the format's order, leaving out those without a getter", () => {
    expect(JSON.stringify(presenter.present({ id: 1, name: 'a' }, ctx('default')))).toBe('{"name":"a","id":1}');
    expect(JSON.stringify(presenter.present({ id: 2, name: 'b' }, ctx('list')))).toBe('{"label":"list:b","id":2}');
    expect(Object.keys(presenter.present({ id: 3, name: 'c' }, ctx('list')))).toEqual(['label', 'id']);
  });

  it('presents an attribute named __proto__ as its own attribute, never as the prototype', () => {
    interface Odd {
      __proto__?: { polluted: boolean };
      id?: number;
    }
    const odd = definePresenter<Row, undefined, Odd>({
      attributes: { ['__proto__']: () => ({ polluted: true }), id: (r) => r.id },
      formats: { default: ['__proto__', 'id'] },
    });
    const item = odd.present({ id: 4, name: 'd' }, ctx('default'));
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(Object.hasOwn(item, '__proto__')).toBe(true);
    expect(JSON.stringify(item)).toBe('{"__proto__":{"polluted":true},"id":4}');
  });
});
