/** Everything the core reads from its environment; the transport fills it (from env vars, or test options). */
export interface CoreConfig {
  apiKey: string;
  requireUserAuthentication: boolean;
  jwtSecret: string;
  /** Token lifetime in seconds (Mage's MAGE_ACCESS_TOKEN_EXPIRY_TIME). */
  tokenExpirySeconds: number;
  bcryptRounds: number;
  /** Failed logins allowed per email or username within the window, before 429s. */
  loginThrottle: { maxFailures: number; windowSeconds: number };
  defaultOwner: { email: string; username: string; password: string };
  /** Errors answer with their code as the HTTP status without `_http_error_codes` (env HTTP_ERROR_CODES=1). */
  httpErrorCodes: boolean;
  version: string;
}

/** Mage's public OAuth client id: the one API key every Mage install accepts. */
export const MAGE_PUBLIC_API_KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

export const defaultConfig: CoreConfig = {
  apiKey: MAGE_PUBLIC_API_KEY,
  requireUserAuthentication: true,
  jwtSecret: 'materia',
  tokenExpirySeconds: 30 * 24 * 3600,
  bcryptRounds: 10,
  loginThrottle: { maxFailures: 10, windowSeconds: 60 },
  defaultOwner: { email: 'admin@admin.com', username: 'admin', password: 'admin' },
  httpErrorCodes: false,
  version: '0.1.0',
};

/** Reads the documented environment variables over the defaults (the transport passes its env in). */
export function configFromEnv(env: Record<string, string | undefined>): CoreConfig {
  const d = defaultConfig;
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    apiKey: env.API_KEY || d.apiKey,
    requireUserAuthentication: !['0', 'false', 'False', 'no'].includes(env.REQUIRE_USER_AUTHENTICATION ?? '1'),
    jwtSecret: env.JWT_SECRET || d.jwtSecret,
    tokenExpirySeconds: positive(env.MAGE_ACCESS_TOKEN_EXPIRY_TIME, d.tokenExpirySeconds),
    bcryptRounds: Math.min(14, Math.max(4, positive(env.BCRYPT_ROUNDS, d.bcryptRounds))),
    loginThrottle: {
      maxFailures: positive(env.LOGIN_MAX_FAILURES, d.loginThrottle.maxFailures),
      windowSeconds: positive(env.LOGIN_FAILURE_WINDOW, d.loginThrottle.windowSeconds),
    },
    defaultOwner: {
      email: env.DEFAULT_OWNER_EMAIL || d.defaultOwner.email,
      username: env.DEFAULT_OWNER_USERNAME || d.defaultOwner.username,
      password: env.DEFAULT_OWNER_PASSWORD || d.defaultOwner.password,
    },
    httpErrorCodes: ['1', 'true', 'True', 'yes'].includes(env.HTTP_ERROR_CODES ?? ''),
    version: d.version,
  };
}
