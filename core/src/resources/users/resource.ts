import { EMAIL_PATTERN, type NodeAt, type UserCreate, type UserUpdate } from '@pipeline-api/contract';
import { atLeast, roleFromId, roleFromLegacyBits, type RoleName } from '../../auth/roles.js';
import { clientKey } from '../../auth/password-gate.js';
import { MAX_PASSWORD_BYTES, passwordFits } from '../../auth/passwords.js';
import { issueToken } from '../../auth/tokens.js';
import { invalid, notFound } from '../../errors.js';
import { integerId } from '../../ids.js';
import type { Repository } from '../../repository/types.js';
import { paginate, type Resource } from '../../resource.js';
import type { UserRow } from '../../views/users.js';
import { usersTable, type UserRecord } from '../../model/users.js';

const EMAIL = EMAIL_PATTERN;
const MIN_PASSWORD = 8;

type UserPayload = Partial<UserCreate & UserUpdate>;

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

  async create(ctx) {
    const { repo, clock, payload: p } = ctx;
    const users = usersTable.in(repo);
    const role = requestedRole(p);
    const email = p.email.trim();
    if (!email || !p.password) throw invalid('user', 'Missing required values: email, password.');
    if (!EMAIL.test(email)) throw invalid('user.email', 'Email address is invalid.');
    const username = p.username?.trim() || null;
    assertUnique(repo, email, username);
    checkNewPassword(p.password, p.password_confirmation);

    // Hashing and signing await: the uniqueness checks run again when the record is written.
    const now = clock.now();
    const draft: Omit<UserRecord, 'id'> = {
      email,
      username,
      first_name: p.first_name ?? null,
      last_name: p.last_name ?? null,
      avatar: avatar(p.avatar),
      role: role === undefined ? null : role,
      password_hash: await ctx.passwords.hash(p.password),
      created_at: now,
      updated_at: now,
    };
    const user = { ...draft, id: users.nextId() }; // ids are never reused, so reserving one is harmless
    const issued = await issueToken(user.id, ctx);
    return repo.transaction(() => {
      assertUnique(repo, email, username);
      users.put(user);
      ctx.credentials.saveToken(repo, issued.record);
      return { ...user, token: issued.raw };
    });
  },

  async update(user, ctx) {
    const { repo, clock, caller, payload: p } = ctx;
    const users = usersTable.in(repo);
    const callerIsOwner = caller.role === 'owner';

    // Mage's admin limits: admins manage editors and viewers only.
    if (!callerIsOwner && caller.user?.id !== user.id) {
      if (user.role === 'owner') throw invalid('user', 'Admins cannot update users who are Owners.');
      if (user.role === 'admin') throw invalid('user', 'Admins cannot update users who are Admins.');
    }
    const role = requestedRole(p);
    if (role !== undefined && role !== user.role) {
      if (!callerIsOwner && role === 'owner') throw invalid('user.roles_new', 'Admins cannot make other users Owners.');
      if (!callerIsOwner && role === 'admin') throw invalid('user.roles_new', 'Admins cannot make other users Admins.');
    }
    const email = p.email?.trim();
    if (email !== undefined && !EMAIL.test(email)) throw invalid('user.email', 'Email address is invalid.');
    const username = p.username === undefined ? undefined : p.username?.trim() || null;

    let passwordHash: string | undefined;
    if (p.password !== undefined) {
      // Changing your own password, or anyone's as a non-owner, needs the current one (as Mage).
      if (caller.user?.id === user.id || !callerIsOwner) {
        // A password check like a login: the same budget for the account, the client and the server.
        const current = p.password_current;
        const ok =
          current !== undefined &&
          (await ctx.loginThrottle.check(
            { userId: user.id },
            clientKey(ctx.request.client),
            () => clock.now(),
            async () => (passwordFits(current) ? ctx.passwords.verify(current, user.password_hash) : false),
          ));
        if (!ok) throw invalid('user.password_current', 'Current password is incorrect.');
      }
      checkNewPassword(p.password, p.password_confirmation);
      passwordHash = await ctx.passwords.hash(p.password);
    }

    // Applied to the record as it is now: another request may have changed it while the password hashed.
    return repo.transaction(() => {
      const current = users.get(user.id);
      if (!current) throw notFound(`User ${user.id} does not exist.`);
      const next: UserRecord = { ...current, updated_at: clock.now() };
      if (role !== undefined && role !== current.role) {
        if (current.role === 'owner') ensureAnotherOwner(current, repo);
        next.role = role;
      }
      if (email !== undefined && email.toLowerCase() !== current.email.toLowerCase()) {
        assertUnique(repo, email, null, current.id);
        next.email = email;
      }
      if (username !== undefined) {
        assertUnique(repo, null, username, current.id);
        next.username = username;
      }
      if (p.first_name !== undefined) next.first_name = p.first_name;
      if (p.last_name !== undefined) next.last_name = p.last_name;
      if (p.avatar !== undefined) next.avatar = avatar(p.avatar);
      if (passwordHash !== undefined) {
        next.password_hash = passwordHash;
        // As services do: a new password ends the user's other sessions (the one making the change, if theirs, stays).
        const keep = caller.user?.id === current.id ? caller.token?.key : undefined;
        ctx.credentials.revokeTokens(repo, current.id, clock.now(), keep);
      }
      users.put(next);
      return next;
    });
  },

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

/** The role asked for by `roles_new` (role ids) or legacy `roles` bits; undefined when neither is sent. */
function requestedRole(p: UserPayload): RoleName | null | undefined {
  if (p.roles_new !== undefined) {
    const unknown = p.roles_new.filter((id) => roleFromId(id) === undefined);
    if (unknown.length > 0) throw invalid('user.roles_new', `Roles with ids: [${unknown.join(', ')}] do not exist.`);
    const roles = p.roles_new.map((id) => roleFromId(id)!);
    return (['owner', 'admin', 'editor', 'viewer'] as const).find((r) => roles.includes(r)) ?? null;
  }
  if (p.roles !== undefined) return p.roles === null ? null : roleFromLegacyBits(p.roles);
  return undefined;
}

/** Email and username are unique (case-insensitive); `self` may keep its own. */
function assertUnique(repo: Repository, email: string | null, username: string | null, self?: number) {
  const users = usersTable.in(repo);
  const byEmail = email ? users.byEmail(email) : undefined;
  if (byEmail && byEmail.id !== self) throw invalid('user.email', `Account with same email is already taken: ${email}.`);
  const byUsername = username ? users.byUsername(username) : undefined;
  if (byUsername && byUsername.id !== self) {
    throw invalid('user.username', `Account with same username is already taken: ${username}.`);
  }
}

function checkNewPassword(password: string, confirmation: string | undefined) {
  if (password.length < MIN_PASSWORD) throw invalid('user.password', 'Password must be 8 characters or longer.');
  if (!passwordFits(password)) {
    throw invalid('user.password', `Password must be at most ${MAX_PASSWORD_BYTES} bytes in UTF-8 (bcrypt ignores the rest).`);
  }
  if (password !== confirmation) {
    throw invalid('user.password_confirmation', 'Password and password confirmation do not match.');
  }
}

/** Mage keeps the first two characters of an avatar (code points, so an emoji stays whole). */
const avatar = (value: string | null | undefined) => (value ? [...value].slice(0, 2).join('') : null);

function ensureAnotherOwner(user: UserRecord, repo: Repository) {
  const owners = usersTable
    .in(repo)
    .list()
    .filter((u) => u.role === 'owner' && u.id !== user.id);
  if (owners.length === 0) throw invalid('user', 'The last owner cannot be removed or demoted.');
}
