export type { Core, Outcome } from './operation.js';
export { configFromEnv, defaultConfig, MAGE_PUBLIC_API_KEY, type CoreConfig } from './config.js';
export type { Clock } from './clock.js';
export { createMemoryRepository, type MemoryRepositoryOptions } from './repository/memory.js';
export {
  combineHooks,
  counterIn,
  runHooked,
  type CommitCheck,
  type CommitSink,
  type RepositoryFactory,
  type RepositoryHooks,
  type RepositoryRowListener,
} from './repository/hooks.js';
export type { StorageLimits } from './repository/storage-limits.js';
export { SortedKeys, type OrderedKeys } from './repository/sorted-keys.js';
export type * from './repository/types.js';
export { ApiError } from './errors.js';
export type { CoreRequest } from './request.js';
export type { CoreResponse, FileAnswer } from './envelope.js';
export type { PasswordHasher } from './auth/passwords.js';
export { webCryptoHasher, type WebCryptoHasherOptions } from './auth/web-crypto-hasher.js';
export type { RoleName } from './auth/roles.js';
export { seededRandom, cryptoRandom, type RandomSource } from './random.js';
export { parseBody, parseQuery, parseHeaders, BODY_LIMIT_BYTES } from './raw-request.js';
export { RouteTable, type CompiledRoute, type RouteMatch } from './routing.js';
export { hasMalformedEncoding, malformedPath, routingMethod } from './raw-request.js';
export { checkAnswer, checkRequest, type AnswerCheck, type Issue } from './contract-check.js';
export type { Services } from './context.js';
export { forbidden } from './errors.js';
export { clientKey } from './auth/password-gate.js';
export { payloadTooLarge } from './raw-request.js';
export { isPlainObject } from './request.js';
export { createApi, type Api, type ApiOptions } from './api.js';
export { SECRET_KEY_BYTES } from './secrets/sealing.js';
export { secretsTable, type SecretRecord } from './resources/secrets/table.js';
