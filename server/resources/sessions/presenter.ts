import { formatDateTime } from '../../core/clock.js';
import { definePresenter } from '../../core/presenter.js';
import { sessionUser } from '../users/presenter.js';
import type { SessionView } from './resource.js';

export const sessionPresenter = definePresenter<SessionView>({
  attributes: {
    expires: (s) => (s.token ? formatDateTime(s.token.expires_at) : null),
    token: (s) => s.raw,
    user: (s) => (s.user ? sessionUser(s.user) : null),
  },
  formats: { default: ['expires', 'token', 'user'] },
});
