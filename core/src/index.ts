export { createCore, type Core, type CoreOptions, type Outcome } from './operation.js';
export { configFromEnv, defaultConfig, MAGE_PUBLIC_API_KEY, type CoreConfig } from './config.js';
export { systemClock, formatDateTime, type Clock } from './clock.js';
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
export { storageLimits, type StorageLimits } from './repository/storage-limits.js';
export { defineTable, TableDeclaration } from './repository/table.js';
export { SortedKeys, type OrderedKeys } from './repository/sorted-keys.js';
export type * from './repository/types.js';
export { ApiError } from './errors.js';
export type { CoreRequest } from './request.js';
export type { CoreResponse, FileAnswer } from './envelope.js';
export { cleanName } from './slug.js';
export { bcryptHasher, MAX_PASSWORD_BYTES, type PasswordHasher } from './auth/passwords.js';
export { webCryptoHasher, type WebCryptoHasherOptions } from './auth/web-crypto-hasher.js';
export { ROLES, type RoleName } from './auth/roles.js';
export { seededRandom, cryptoRandom, type RandomSource } from './random.js';
export { parseBody, parseQuery, parseHeaders, BODY_LIMIT_BYTES } from './raw-request.js';
export { RouteTable, type CompiledRoute, type RouteMatch } from './routing.js';
export { hasMalformedEncoding, malformedPath, routingMethod } from './raw-request.js';
export { WRITE_ACTIONS } from './request.js';
export { checkAnswer, checkRequest, type AnswerCheck, type Issue } from './contract-check.js';
export { wantsHttpErrorCodes } from './envelope.js';
export type { Services } from './context.js';
export { forbidden } from './errors.js';
export { clientKey } from './auth/password-gate.js';
export { payloadTooLarge } from './raw-request.js';
export { isPlainObject } from './request.js';
export { createApi, type Api, type ApiOptions } from './api.js';
export { resourceModules, type ResourceModule } from './resources/index.js';
export { SECRET_KEY_BYTES, createSealer, SecretUnsealError, type SecretSealer } from './secrets/sealing.js';
export { secretsTable, type SecretRecord } from './resources/secrets/table.js';
