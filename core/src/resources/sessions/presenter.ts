import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import { sessionUserPresenter } from '../../views/users.js';
import type { SessionView } from './resource.js';

/** Sessions are presented after login or logout, which always hold the token (logout without one is refused first). */
function tokenOf(session: SessionView) {
  if (!session.token) throw new Error('A session is presented only with its token.');
  return session.token;
}

export const sessionPresenter = definePresenter<SessionView, undefined, NodeItemOf<NodeAt<'sessions'>>>({
  attributes: {
    expires: (s, ctx) => ctx.op.dates.format(tokenOf(s).expires_at),
    token: (s) => s.raw,
    user: (s, ctx) => (s.user ? sessionUserPresenter.present(s.user, { op: ctx.op, preloaded: undefined, format: 'default' }) : null),
  },
  formats: { default: ['expires', 'token', 'user'] },
});
