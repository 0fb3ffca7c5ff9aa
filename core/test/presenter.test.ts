import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../src/context.js';
import { InstanceState } from '../src/instance.js';
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

describe('a presenter that remembers its items (renderedFrom)', () => {
  /** The inputs an item depends on besides its record: a tag the test changes. */
  let tag = 'a';
  let presented = 0;
  const presenter = definePresenter<Row, undefined, Item>({
    attributes: {
      id: (r) => (presented++, r.id),
      label: () => tag,
    },
    formats: { default: ['id', 'label'], list: ['label'] },
    renderedFrom: () => [tag],
  });
  const op = { instance: new InstanceState() } as RequestContext;
  const render = (row: Row, format = 'default') => presenter.render(row, { op, preloaded: undefined, format });

  it('presents a record once per version of what it shows, and answers the same item and text after that', () => {
    const row = { id: 1, name: 'a' };
    const first = render(row);
    expect(first.text).toBe('{"id":1,"label":"a"}');
    expect(render(row)).toStrictEqual(first);
    expect(render(row).item).toBe(first.item);
    expect(presented).toBe(1);
  });

  it('presents again what changed: a new version of the record, an input, the format', () => {
    presented = 0;
    const row = { id: 2, name: 'b' };
    render(row);
    // A write replaces a record whole: its new version is another object.
    expect(render({ ...row, id: 3 }).text).toBe('{"id":3,"label":"a"}');
    tag = 'b';
    expect(render(row).text).toBe('{"id":2,"label":"b"}');
    expect(render(row, 'list').text).toBe('{"label":"b"}');
    expect(presented).toBe(3); // the list format reads no id
  });

  it('keeps one item per record, the last made: going back to a format presents again', () => {
    presented = 0;
    const row = { id: 4, name: 'd' };
    render(row);
    render(row, 'list');
    render(row);
    expect(presented).toBe(2);
    render(row);
    expect(presented).toBe(2);
  });

  it('remembers nothing for a context renderedFrom declines', () => {
    presented = 0;
    const declining = definePresenter<Row, undefined, Item>({
      attributes: { id: (r) => (presented++, r.id) },
      formats: { default: ['id'] },
      renderedFrom: () => undefined,
    });
    const row = { id: 5, name: 'e' };
    const first = declining.render(row, { op, preloaded: undefined, format: 'default' });
    const second = declining.render(row, { op, preloaded: undefined, format: 'default' });
    expect(second.text).toBe(first.text);
    expect(second.item).not.toBe(first.item);
    expect(presented).toBe(2);
  });
});
