import { isDeepStrictEqual } from 'node:util';
import type { Repository } from '../src/repository/types.js';
import { allMembers } from '../src/model/graph.js';
import { usersTable } from '../src/model/users.js';
import { pipelinesTable } from '../src/model/pipelines.js';
import { blocksTable } from '../src/model/blocks.js';

/**
 * The store's invariants, checked directly on the repository: memberships agree from both sides, every
 * upstream is a member of the same pipeline, graphs are acyclic, keys match records, emails and usernames
 * are unique. Returns the violations (empty when the store is sound).
 */
export function storeViolations(repo: Repository): string[] {
  const problems: string[] = [];
  const pipelines = pipelinesTable.in(repo).list();
  const blocks = new Map(
    blocksTable
      .in(repo)
      .list()
      .map((b) => [b.uuid, b]),
  );

  for (const pipeline of pipelines) {
    // Equal, not the same object: a repository that reads records from disk hands out a new one each time.
    if (!isDeepStrictEqual(pipelinesTable.in(repo).get(pipeline.uuid), pipeline)) problems.push(`pipeline key ${pipeline.uuid} does not match its record`);
    const members = allMembers(pipeline.sections);
    const uuids = members.map((m) => m.uuid);
    if (new Set(uuids).size !== uuids.length) problems.push(`pipeline ${pipeline.uuid} lists a block twice`);
    const memberSet = new Set(uuids);
    for (const member of members) {
      const block = blocks.get(member.uuid);
      if (!block) problems.push(`pipeline ${pipeline.uuid} holds missing block ${member.uuid}`);
      else if (!block.pipelines.includes(pipeline.uuid)) problems.push(`block ${member.uuid} does not know it is in ${pipeline.uuid}`);
      for (const up of member.upstream) {
        if (up === member.uuid) problems.push(`block ${member.uuid} depends on itself in ${pipeline.uuid}`);
        if (!memberSet.has(up)) problems.push(`block ${member.uuid} depends on ${up}, not in ${pipeline.uuid}`);
      }
    }
    const cycle = findCycle(new Map(members.map((m) => [m.uuid, m.upstream])));
    if (cycle) problems.push(`pipeline ${pipeline.uuid} has a cycle: ${cycle.join(' -> ')}`);
  }

  const byUuid = new Map(pipelines.map((p) => [p.uuid, p]));
  for (const block of blocks.values()) {
    if (block.pipelines.length === 0) problems.push(`block ${block.uuid} belongs to no pipeline`);
    if (new Set(block.pipelines).size !== block.pipelines.length) problems.push(`block ${block.uuid} lists a pipeline twice`);
    for (const uuid of block.pipelines) {
      const pipeline = byUuid.get(uuid);
      if (!pipeline) problems.push(`block ${block.uuid} points at missing pipeline ${uuid}`);
      else if (!allMembers(pipeline.sections).some((m) => m.uuid === block.uuid)) {
        problems.push(`block ${block.uuid} claims ${uuid}, which does not hold it`);
      }
    }
  }

  const emails = new Set<string>();
  const usernames = new Set<string>();
  for (const user of usersTable.in(repo).list()) {
    const email = user.email.toLowerCase();
    if (emails.has(email)) problems.push(`email ${email} is taken twice`);
    emails.add(email);
    if (user.username !== null) {
      const name = user.username.toLowerCase();
      if (usernames.has(name)) problems.push(`username ${name} is taken twice`);
      usernames.add(name);
    }
  }
  if (
    !usersTable
      .in(repo)
      .list()
      .some((u) => u.role === 'owner')
  )
    problems.push('no owner left');
  return problems;
}

function findCycle(upstream: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 2) return undefined;
    if (state.get(node) === 1) return [...path.slice(path.indexOf(node)), node];
    state.set(node, 1);
    path.push(node);
    for (const next of upstream.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 2);
    return undefined;
  };
  for (const node of upstream.keys()) {
    const found = visit(node);
    if (found) return found;
  }
  return undefined;
}
