import type { UserCreate, UserUpdate } from '@pipeline-api/contract';
import { payloadOf, type OperationContext } from '../../core/context.js';
import { atLeast, roleFromId, roleFromLegacyBits, type RoleName } from '../../core/auth/roles.js';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.js';
import { invalid, notFound } from '../../core/errors.js';
import type { UserRecord } from '../../core/repository/types.js';
import { paginate, type Resource } from '../../core/resource.js';
import { issueToken } from '../sessions/tokens.js';
import type { UserRow } from './presenter.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;

type UserPayload = Partial<UserCreate & UserUpdate>;

export const userResource: Resource<UserRow> = {
  member(id, { repo }) {
    const user = /^\d{1,15}$/.test(id) ? repo.users.get(Number(id)) : undefined;
    if (!user) throw notFound(`User ${id} does not exist.`);
    return user;
  },

  collection(ctx) {
    const all = ctx.repo.users.list().sort((a, b) => a.id - b.id);
    // As Mage: an admin who is not an owner sees only users without owner or admin access.
    const visible = ctx.caller.role === 'owner' ? all : all.filter((u) => !atLeast(u.role, 'admin'));
    return paginate(visible, ctx);
  },

  async create(ctx) {
    const { repo, clock, config } = ctx;
    const p = payloadOf<UserCreate>(ctx);
    const role = requestedRole(p);
    const email = p.email.trim();
    if (!email || !p.password) throw invalid('user', 'Missing required values: email, password.');
    if (!EMAIL.test(email)) throw invalid('user.email', 'Email address is invalid.');
    if (repo.users.byEmail(email)) throw invalid('user.email', `Account with same email is already taken: ${email}.`);
    const username = p.username?.trim() || null;
    if (username && repo.users.byUsername(username)) {
      throw invalid('user.username', `Account with same username is already taken: ${username}.`);
    }
    checkNewPassword(p.password, p.password_confirmation);

    const now = clock.now();
    const user: UserRecord = {
      id: repo.users.nextId(),
      email,
      username,
      first_name: p.first_name ?? null,
      last_name: p.last_name ?? null,
      avatar: avatar(p.avatar),
      role: role === undefined ? null : role,
      password_hash: await hashPassword(p.password, config.bcryptRounds),
      created_at: now,
      updated_at: now,
    };
    const issued = await issueToken(user, ctx);
    repo.transaction(() => {
      repo.users.put(user);
      repo.tokens.put(issued.record);
    });
    return { ...user, token: issued.raw };
  },

  async update(user, ctx) {
    const { repo, clock, config, caller } = ctx;
    const p = payloadOf<UserUpdate>(ctx);
    const next: UserRecord = { ...user };
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
      if (user.role === 'owner' && role !== 'owner') ensureAnotherOwner(user, ctx);
      next.role = role;
    }

    if (p.email !== undefined && p.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      const email = p.email.trim();
      if (!EMAIL.test(email)) throw invalid('user.email', 'Email address is invalid.');
      if (repo.users.byEmail(email)) throw invalid('user.email', `Account with same email is already taken: ${email}.`);
      next.email = email;
    }
    if (p.username !== undefined) {
      const username = p.username?.trim() || null;
      const holder = username ? repo.users.byUsername(username) : undefined;
      if (holder && holder.id !== user.id) {
        throw invalid('user.username', `Account with same username is already taken: ${username}.`);
      }
      next.username = username;
    }
    if (p.first_name !== undefined) next.first_name = p.first_name;
    if (p.last_name !== undefined) next.last_name = p.last_name;
    if (p.avatar !== undefined) next.avatar = avatar(p.avatar);

    if (p.password !== undefined) {
      // Changing your own password, or anyone's as a non-owner, needs the current one (as Mage).
      if (caller.user?.id === user.id || !callerIsOwner) {
        const ok = p.password_current !== undefined && (await verifyPassword(p.password_current, user.password_hash));
        if (!ok) throw invalid('user.password_current', 'Current password is incorrect.');
      }
      checkNewPassword(p.password, p.password_confirmation);
      next.password_hash = await hashPassword(p.password, config.bcryptRounds);
    }

    next.updated_at = clock.now();
    repo.users.put(next);
    return next;
  },

  async delete(user, ctx) {
    const { repo } = ctx;
    if (user.role === 'owner') ensureAnotherOwner(user, ctx);
    repo.transaction(() => {
      repo.users.delete(user.id);
      for (const token of repo.tokens.list()) if (token.user_id === user.id) repo.tokens.delete(token.key);
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

function checkNewPassword(password: string, confirmation: string | undefined) {
  if (password.length < MIN_PASSWORD) throw invalid('user.password', 'Password must be 8 characters or longer.');
  if (password !== confirmation) {
    throw invalid('user.password_confirmation', 'Password and password confirmation do not match.');
  }
}

/** Mage keeps the first two characters of an avatar (code points, so an emoji stays whole). */
const avatar = (value: string | null | undefined) => (value ? [...value].slice(0, 2).join('') : null);

function ensureAnotherOwner(user: UserRecord, { repo }: OperationContext) {
  const owners = repo.users.list().filter((u) => u.role === 'owner' && u.id !== user.id);
  if (owners.length === 0) throw invalid('user', 'The last owner cannot be removed or demoted.');
}
