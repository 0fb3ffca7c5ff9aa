import { contract, escapeRegExp } from '@pipeline-api/contract';

/**
 * The API trigger route with its token segment captured, built from the contract's path so the rule follows the
 * route: a token need not look random (an owner may choose it), so it is found by its place, not its shape.
 * Matched as the router does (any case, any id text), anywhere in a line.
 */
function tokenRoute(path: string): RegExp {
  // Two groups, the route before the token and after it: the token segment closes the first and opens the second.
  const parts = path.split('/').map((segment) => (segment === ':token' ? ')[^/\\s?#]+(' : segment.startsWith(':') ? '[^/\\s?#]*' : escapeRegExp(segment)));
  return new RegExp(`(${parts.join('/')})`, 'gi');
}

/** The literal segment before the token, between its slashes: text without it holds no token (a cheap test first). */
function segmentBeforeToken(path: string): RegExp {
  const segments = path.split('/');
  const before = segments[segments.indexOf(':token') - 1];
  if (before === undefined || before.startsWith(':')) throw new Error(`${path}: the token must follow a literal segment`);
  return new RegExp(escapeRegExp(`/${before}/`), 'i');
}

const TRIGGER_PATH = contract.pipelineSchedules.pipelineRunsWithToken.create.path;
const TRIGGER_TOKEN = tokenRoute(TRIGGER_PATH);
const BEFORE_TOKEN = segmentBeforeToken(TRIGGER_PATH);

/** `text` (a path, or a log line holding one) with every API trigger token blanked. */
export function withoutTriggerTokens(text: string): string {
  return BEFORE_TOKEN.test(text) ? text.replace(TRIGGER_TOKEN, '$1[redacted]$2') : text;
}
