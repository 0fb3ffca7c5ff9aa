import { invalid } from '../errors.js';
import { InstanceKey, type InstanceState } from '../instance.js';
import type { Member, Sections } from './sections.js';

/**
 * A pipeline's block graph. Only upstream edges are stored; downstream lists are derived from them,
 * so the two sides can never disagree. The functions that change Sections take a clone (cloneSections, or
 * cloneForInsert for an insert alone).
 */

export type SectionKey = 'blocks' | 'callbacks' | 'conditionals' | 'widgets' | `extensions.${string}`;

/** Which section a block type lives in (Mage: callbacks, conditionals, widgets for charts, extensions). */
export function sectionFor(type: string, extensionUuid: string | null): SectionKey {
  if (type === 'callback') return 'callbacks';
  if (type === 'conditional') return 'conditionals';
  if (type === 'chart') return 'widgets';
  if (type === 'extension') return `extensions.${extensionUuid}`;
  return 'blocks';
}

export const emptySections = (): Sections => ({ blocks: [], callbacks: [], conditionals: [], widgets: [], extensions: {} });

/**
 * A copy to change: new section lists, the members themselves shared with the original. Members are
 * never edited in place: every change below replaces the member, so a write copies pointers, not blocks.
 */
export function cloneSections(s: Sections): Sections {
  return {
    blocks: s.blocks.slice(),
    callbacks: s.callbacks.slice(),
    conditionals: s.conditionals.slice(),
    widgets: s.widgets.slice(),
    extensions: cloneExtensions(s.extensions),
  };
}

/**
 * A copy to insert one member into section `key` (insertMember) and change nothing else: only that section's list is
 * new, the other lists are the original's, shared as its members are. A create's new version of a pipeline copies
 * one list, not all of them.
 */
export function cloneForInsert(s: Sections, key: SectionKey): Sections {
  const copy: Sections = { blocks: s.blocks, callbacks: s.callbacks, conditionals: s.conditionals, widgets: s.widgets, extensions: s.extensions };
  if (key === 'blocks' || key === 'callbacks' || key === 'conditionals' || key === 'widgets') copy[key] = s[key].slice();
  else copy.extensions = cloneExtensions(s.extensions);
  return copy;
}

/** The extensions' lists copied (most pipelines have none: no list of entries is built for them). */
function cloneExtensions(extensions: Sections['extensions']): Sections['extensions'] {
  const copy: Sections['extensions'] = {};
  for (const uuid in extensions) {
    // Defined rather than assigned: an extension uuid named `__proto__` stays a list of its own (as sectionList).
    if (Object.hasOwn(extensions, uuid))
      Object.defineProperty(copy, uuid, { value: extensions[uuid]!.slice(), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Puts `change(member)` in each member's place (a member it returns as is stays shared). */
function replaceMembers(s: Sections, change: (member: Member) => Member) {
  for (const [, list] of sectionEntries(s)) {
    for (let i = 0; i < list.length; i++) list[i] = change(list[i]!);
  }
}

/** Every section as [key, members], in presentation order. */
export function sectionEntries(s: Sections): [SectionKey, Member[]][] {
  return [
    ['blocks', s.blocks],
    ['callbacks', s.callbacks],
    ['conditionals', s.conditionals],
    ['widgets', s.widgets],
    ...Object.entries(s.extensions).map(([k, v]): [SectionKey, Member[]] => [`extensions.${k}`, v]),
  ];
}

export function sectionList(s: Sections, key: SectionKey): Member[] {
  if (key.startsWith('extensions.')) {
    // By own key only, defined rather than assigned: an extension uuid named `__proto__` must stay a list of its own.
    const uuid = key.slice('extensions.'.length);
    if (!Object.hasOwn(s.extensions, uuid)) Object.defineProperty(s.extensions, uuid, { value: [], enumerable: true, writable: true, configurable: true });
    return s.extensions[uuid]!;
  }
  if (key === 'blocks' || key === 'callbacks' || key === 'conditionals' || key === 'widgets') return s[key];
  throw new Error(`Unknown section ${key}`);
}

export const allMembers = (s: Sections): Member[] => sectionEntries(s).flatMap(([, list]) => list);

export interface Position {
  section: SectionKey;
  index: number;
  member: Member;
}

export function findMember(s: Sections, uuid: string): Position | undefined {
  for (const [section, list] of sectionEntries(s)) {
    const index = list.findIndex((m) => m.uuid === uuid);
    if (index >= 0) return { section, index, member: list[index]! };
  }
  return undefined;
}

/** A pipeline's graph, indexed: where each block sits and which blocks depend on it. */
export interface PipelineGraph {
  positions: Map<string, Position>;
  downstream: Map<string, string[]>;
}

/** Per API instance: graphs of the stored sections it has read. */
const GRAPHS = new InstanceKey(() => new WeakMap<Sections, PipelineGraph>());

/**
 * The graph of a stored pipeline's sections, built once per version, so reading one block of a large
 * pipeline costs the same as of a small one. Stored records are replaced whole and never changed (writes
 * clone the sections first), so the index stays true for as long as the object lives. Never pass sections
 * that are still being changed.
 */
export function graphOf(s: Sections, instance: InstanceState): PipelineGraph {
  const graphs = GRAPHS.of(instance);
  let graph = graphs.get(s);
  if (graph) return graph;
  const positions = new Map<string, Position>();
  const downstream = new Map<string, string[]>();
  for (const [section, list] of sectionEntries(s)) {
    list.forEach((member, index) => positions.set(member.uuid, { section, index, member }));
  }
  for (const { member } of positions.values()) {
    for (const up of member.upstream) {
      const list = downstream.get(up);
      if (list) list.push(member.uuid);
      else downstream.set(up, [member.uuid]);
    }
  }
  graphs.set(s, (graph = { positions, downstream }));
  return graph;
}

/** Who is a member of a pipeline: what a write checks the names it is sent against. */
export interface Membership {
  has(uuid: string): boolean;
}

/**
 * The members of a stored pipeline's sections, for a write: the graph's index when a read has built it, else a walk
 * of the sections. A write makes a new version of the pipeline, whose graph only a read needs: building one per write
 * would make every write copy the whole index of a pipeline that grows with each block added.
 */
export function membersOf(s: Sections, instance: InstanceState): Membership {
  return GRAPHS.of(instance).get(s)?.positions ?? new WalkedMembership(s);
}

/** Membership by a walk of the sections (no closure per write: this is built on every one). */
class WalkedMembership implements Membership {
  constructor(private readonly sections: Sections) {}

  has(uuid: string): boolean {
    return scanPosition(this.sections, uuid) !== undefined;
  }
}

/** Where a block sits in a pipeline's sections: from the graph when one is built, else by a walk (graphOf builds one). */
export function positionIn(s: Sections, uuid: string, instance: InstanceState): Position | undefined {
  const graph = GRAPHS.of(instance).get(s);
  return graph ? graph.positions.get(uuid) : scanPosition(s, uuid);
}

/** The blocks that depend on a block, in section order: from the graph when one is built, else by a walk. */
export function downstreamOf(s: Sections, uuid: string, instance: InstanceState): readonly string[] {
  const graph = GRAPHS.of(instance).get(s);
  if (graph) return graph.downstream.get(uuid) ?? [];
  const found: string[] = [];
  const scan = (list: Member[]) => {
    for (const member of list) for (const up of member.upstream) if (up === uuid) found.push(member.uuid);
  };
  scan(s.blocks);
  scan(s.callbacks);
  scan(s.conditionals);
  scan(s.widgets);
  for (const list of Object.values(s.extensions)) scan(list);
  return found;
}

/** findMember without building the list of sections: a write's lookups run on every request. */
function scanPosition(s: Sections, uuid: string): Position | undefined {
  const found =
    indexIn(s.blocks, uuid, 'blocks') ??
    indexIn(s.callbacks, uuid, 'callbacks') ??
    indexIn(s.conditionals, uuid, 'conditionals') ??
    indexIn(s.widgets, uuid, 'widgets');
  if (found) return found;
  for (const key in s.extensions) {
    if (!Object.hasOwn(s.extensions, key)) continue;
    const extension = indexIn(s.extensions[key]!, uuid, `extensions.${key}`);
    if (extension) return extension;
  }
  return undefined;
}

function indexIn(list: Member[], uuid: string, section: SectionKey): Position | undefined {
  for (let index = 0; index < list.length; index++) if (list[index]!.uuid === uuid) return { section, index, member: list[index]! };
  return undefined;
}

/** Where a block sits in a pipeline and which blocks depend on it. */
export interface Place {
  position: Position;
  downstream: readonly string[];
}

/**
 * A block's place, by one walk of the sections, for a pipeline whose graph no read has built (a write's answer):
 * building the index would copy the whole pipeline's, and a lookup per attribute would walk it once for each.
 */
export function placeIn(s: Sections, uuid: string, instance: InstanceState): Place | undefined {
  const graph = GRAPHS.of(instance).get(s);
  if (graph) {
    const position = graph.positions.get(uuid);
    return position && { position, downstream: graph.downstream.get(uuid) ?? [] };
  }
  const downstream: string[] = [];
  // Every section is walked (its dependents may sit in any), the block's position kept from the one it is in.
  let position = walkSection(s.blocks, 'blocks', uuid, downstream);
  position = walkSection(s.callbacks, 'callbacks', uuid, downstream) ?? position;
  position = walkSection(s.conditionals, 'conditionals', uuid, downstream) ?? position;
  position = walkSection(s.widgets, 'widgets', uuid, downstream) ?? position;
  for (const key in s.extensions) {
    if (Object.hasOwn(s.extensions, key)) position = walkSection(s.extensions[key]!, `extensions.${key}`, uuid, downstream) ?? position;
  }
  return position && { position, downstream };
}

/** One section's part of placeIn's walk: the block's position if it is in this list; its dependents here join `downstream`. */
function walkSection(list: Member[], section: SectionKey, uuid: string, downstream: string[]): Position | undefined {
  let position: Position | undefined;
  for (let index = 0; index < list.length; index++) {
    const member = list[index]!;
    if (member.uuid === uuid) position = { section, index, member };
    if (member.upstream.length > 0 && member.upstream.includes(uuid)) downstream.push(member.uuid);
  }
  return position;
}

/** Inserts at a 0-based position; missing or past the end appends. */
export function insertMember(s: Sections, section: SectionKey, member: Member, priority: number | null | undefined) {
  const list = sectionList(s, section);
  const at = priority === null || priority === undefined || priority >= list.length ? list.length : priority;
  list.splice(at, 0, member);
}

export function moveMember(s: Sections, uuid: string, priority: number) {
  const pos = findMember(s, uuid)!;
  const list = sectionList(s, pos.section);
  list.splice(pos.index, 1);
  list.splice(Math.min(priority, list.length), 0, pos.member);
}

/** Checks that every uuid is one of `members` (a pipeline's, before the change), other than `self`. */
export function assertMembers(members: Membership, uuids: string[], path: string, self: string, pipelineUuid: string) {
  for (let i = 0; i < uuids.length; i++) {
    const uuid = uuids[i]!;
    if (uuid === self) throw invalid(`${path}.${i}`, `Block ${uuid} cannot depend on itself.`);
    if (!members.has(uuid)) throw invalid(`${path}.${i}`, `Block ${uuid} does not exist in pipeline ${pipelineUuid}.`);
  }
}

export function setUpstream(s: Sections, uuid: string, upstream: string[]) {
  const pos = findMember(s, uuid)!;
  sectionList(s, pos.section)[pos.index] = { uuid, upstream: [...new Set(upstream)] };
}

/** Makes exactly `downstream` depend on `uuid` (Mage: rewrites the listed blocks' upstreams). */
export function setDownstream(s: Sections, uuid: string, downstream: string[]) {
  const wanted = new Set(downstream);
  replaceMembers(s, (member) => {
    const has = member.upstream.includes(uuid);
    if (wanted.has(member.uuid) && !has) return { uuid: member.uuid, upstream: [...member.upstream, uuid] };
    if (!wanted.has(member.uuid) && has) return { uuid: member.uuid, upstream: member.upstream.filter((u) => u !== uuid) };
    return member;
  });
}

/**
 * Throws record_invalid if `uuid` now closes a cycle. The graph was acyclic before the change, so any new
 * cycle runs through the block that changed: a walk up from it is enough, not a pass over the pipeline.
 */
export function assertNoCycleThrough(s: Sections, uuid: string, path: string) {
  const upstreamOf = new Map(allMembers(s).map((m) => [m.uuid, m.upstream]));
  const seen = new Set<string>();
  // Walk up from the block; `trail` is the way back down to it.
  const stack: [string, string[]][] = [[uuid, [uuid]]];
  while (stack.length > 0) {
    const [node, trail] = stack.pop()!;
    for (const up of upstreamOf.get(node) ?? []) {
      if (up === uuid) throw invalid(path, `A cycle was formed: ${[...trail, uuid].reverse().join(' --> ')}.`);
      if (!seen.has(up)) {
        seen.add(up);
        stack.push([up, [...trail, up]]);
      }
    }
  }
}

/**
 * Removes a member. Its dependents block the removal unless `force`; with force each dependent
 * inherits the removed block's upstreams (Mage's rewiring).
 */
export function removeMember(s: Sections, uuid: string, force: boolean) {
  const pos = findMember(s, uuid);
  if (!pos) return;
  const dependents = allMembers(s).filter((m) => m.upstream.includes(uuid));
  if (dependents.length > 0 && !force) {
    const names = dependents.map((m) => `'${m.uuid}'`).join(', ');
    throw invalid('force', `Block(s) [${names}] are depending on block ${uuid}. Please remove the downstream blocks first, or delete with force=true.`);
  }
  sectionList(s, pos.section).splice(pos.index, 1);
  if (dependents.length === 0) return;
  replaceMembers(s, (member) => {
    if (!member.upstream.includes(uuid)) return member;
    const inherited = member.upstream.flatMap((u) => (u === uuid ? pos.member.upstream : [u]));
    return { uuid: member.uuid, upstream: [...new Set(inherited)].filter((u) => u !== member.uuid) };
  });
}

/** Rewrites every reference to a block's uuid (block rename). */
export function renameMember(s: Sections, from: string, to: string) {
  replaceMembers(s, (member) =>
    member.uuid === from || member.upstream.includes(from)
      ? { uuid: member.uuid === from ? to : member.uuid, upstream: member.upstream.map((u) => (u === from ? to : u)) }
      : member,
  );
}
