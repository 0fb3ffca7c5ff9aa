import { TokenDigests } from '../auth/constant-time.js';
import { LoginThrottle } from '../auth/login-throttle.js';
import { Cascades } from '../cascade.js';
import { DateTimes } from '../clock.js';
import type { Services } from '../context.js';
import { InstanceState } from '../instance.js';
import type { ResourceModule } from '../resource.js';

/** What the caller of createCore gives; the rest of an instance's services is made here. */
export type GivenServices = Pick<Services, 'config' | 'repo' | 'clock' | 'random' | 'passwords'>;

/**
 * What one instance owns, over the modules loaded at boot: the credential store is one of theirs (sessions), never a
 * lazy module's. Lazy modules add their cascades when they join (code-loading.ts).
 */
export function createServices(given: GivenServices, eager: readonly ResourceModule[]): Services {
  const credentials = eager.find((m) => m.credentials)?.credentials;
  if (!credentials) throw new Error('No resource module provides the credential store (sessions)');
  const { config } = given;
  const services: Services = {
    config,
    repo: given.repo,
    clock: given.clock,
    random: given.random,
    passwords: given.passwords,
    loginThrottle: new LoginThrottle({ ...config.loginThrottle, accountMaxFailures: config.accountLoginMaxFailures }, config.passwordChecks),
    credentials,
    digests: new TokenDigests(),
    dates: new DateTimes(),
    cascades: new Cascades(
      eager.flatMap((m) => m.cascades),
      () => services,
    ),
    instance: new InstanceState(),
  };
  return services;
}
