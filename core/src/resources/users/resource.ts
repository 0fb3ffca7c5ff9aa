import type { NodeAt } from '@pipeline-api/contract';
import { atLeast } from '../../auth/roles.js';
import { notFound } from '../../errors.js';
import { integerId } from '../../ids.js';
import { paginate, type Resource } from '../../resource.js';
import { loadedUserWrites } from './lazy-writes.js';
import { ensureAnotherOwner } from './owners.js';
import type { UserRow } from './presenter.js';
import { usersTable } from './table.js';

export const userResource: Resource<NodeAt<'users'>, UserRow> = {
  member(id, { repo }) {
    const key = integerId(id);
    const user = key === undefined ? undefined : usersTable.in(repo).get(key);
    if (!user) throw notFound(`User ${id} does not exist.`);
    return user;
  },

  collection(ctx) {
    const all = usersTable
      .in(ctx.repo)
      .list()
      .sort((a, b) => a.id - b.id);
    // As Mage: an admin who is not an owner sees only users without owner or admin access.
    const visible = ctx.caller.role === 'owner' ? all : all.filter((u) => !atLeast(u.role, 'admin'));
    return paginate(visible, ctx);
  },

  create: (ctx) => loadedUserWrites().create(ctx),

  update: (user, ctx) => loadedUserWrites().update(user, ctx),

  async delete(user, ctx) {
    const { repo } = ctx;
    if (user.role === 'owner') ensureAnotherOwner(user, repo);
    repo.transaction(() => {
      usersTable.in(repo).delete(user.id);
      ctx.cascades.deleted(usersTable, user);
    });
    return user;
  },
};
