import { describe, expect, it } from 'vitest';
import { TAG, type NodeDocs } from '../src/docs/define.js';
import { ROUTE_DOCS, TAG_DOCS, tagDoc } from '../src/docs/index.js';
import { contract } from '../src/router.js';
import type { NodeId } from '../src/route-types.js';
import { walkContract } from '../src/walk.js';

describe('tag descriptions, declared with the docs of one node of each tag', () => {
  it('describe every tag the routes use, each once, and no other', () => {
    const used = new Set(walkContract(contract).map((route) => route.meta.tag));
    const declared = Object.values<NodeDocs<NodeId>>(ROUTE_DOCS).flatMap((docs) => (docs[TAG] ? [docs[TAG].name] : []));
    expect(declared.sort()).toEqual([...used].sort());
    expect(Object.keys(TAG_DOCS).sort()).toEqual([...used].sort());
    for (const tag of used) expect(tagDoc(tag).length).toBeGreaterThan(10);
  });

  it('leave the tag out of the routes a node documents, and refuse an undescribed tag', () => {
    expect(Object.keys(ROUTE_DOCS.statuses)).toEqual(['health', 'list']);
    expect(() => tagDoc('no-such-tag')).toThrow('Tag no-such-tag has no description');
  });
});
