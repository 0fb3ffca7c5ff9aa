import { contract, walkContract } from '@pipeline-api/contract';
import type { Caller } from '../../core/src/auth/caller.js';
import type { RoleName } from '../../core/src/auth/roles.js';
import { defaultConfig } from '../../core/src/config.js';
import { loadAllModules } from '../../core/src/lazy-resource.js';
import type { ResourceModule } from '../../core/src/resource.js';
import { resourceModules } from '../../core/src/resources/index.js';

export const ROLES: RoleName[] = ['viewer', 'editor', 'admin', 'owner'];
export const LOCATIONS = ['OAUTH-TOKEN', 'Bearer', 'cookie'] as const;
export const STATES = ['no key', 'wrong key', 'no token', 'unknown token', 'expired token', 'logged out', 'bad signature'] as const;

export type Outcome = 'allowed' | 'invalid_api_key' | 'invalid_oauth_token' | 'expired_oauth_token' | 'forbidden';

export const routes = walkContract(contract);

const modules = new Map<string, ResourceModule>((await loadAllModules(Object.values(resourceModules))).map((m) => [m.node, m]));
/** The module implementing a route's contract node. */
export const moduleOf = (node: string): ResourceModule => modules.get(node)!;

/**
 * Who may call a route: anyone (no key: the health check, the trigger-token URLs), any caller with the key (login),
 * any caller with the key whose token, if sent, is valid (Mage's public scope: the project's feature flags), or a
 * role and every role above it.
 */
export type Access = 'anyone' | 'key only' | 'public scope' | RoleName;

/**
 * The lowest role each route lets through, written from Mage's rules (its policies, as docs/roles.md states them),
 * apart from the policy code: the matrix over HTTP and the policies are both checked against it. Routes on users
 * that name a member target another user, so "self" never applies. Logging out (`PUT` as Mage, `DELETE` too) is
 * any logged-in user's.
 */
export const LOWEST_ROLE: Record<string, Access> = {
  'statuses.health': 'anyone',
  'sessions.login': 'key only',
  'sessions.logout': 'viewer',
  'sessions.delete': 'viewer',
  'users.list': 'admin',
  'users.create': 'owner',
  'users.detail': 'admin',
  'users.update': 'admin',
  'users.delete': 'owner',
  'pipelines.list': 'viewer',
  'pipelines.create': 'editor',
  'pipelines.detail': 'viewer',
  'pipelines.update': 'editor',
  'pipelines.delete': 'editor',
  'pipelines.blocks.list': 'viewer',
  'pipelines.blocks.create': 'editor',
  'pipelines.blocks.detail': 'viewer',
  'pipelines.blocks.update': 'editor',
  'pipelines.blocks.delete': 'editor',
  'pipelines.pipelineSchedules.list': 'viewer',
  'pipelines.pipelineSchedules.create': 'editor',
  'pipelines.logs.list': 'viewer',
  'blocks.list': 'viewer',
  'blocks.detail': 'viewer',
  'blocks.update': 'editor',
  'blocks.delete': 'editor',
  'pipelineSchedules.list': 'viewer',
  'pipelineSchedules.detail': 'viewer',
  'pipelineSchedules.update': 'editor',
  'pipelineSchedules.delete': 'editor',
  'pipelineSchedules.pipelineRuns.list': 'viewer',
  'pipelineSchedules.pipelineRuns.create': 'editor',
  'pipelineSchedules.pipelineRunsWithToken.create': 'anyone',
  'pipelineSchedules.apiTrigger.create': 'anyone',
  'pipelineRuns.list': 'viewer',
  'pipelineRuns.detail': 'viewer',
  'pipelineRuns.update': 'editor',
  'pipelineRuns.delete': 'editor',
  'pipelineRuns.blockRuns.list': 'viewer',
  'pipelineRuns.blocks.list': 'viewer',
  'blockRuns.list': 'viewer',
  // What Mage's UI reads at boot: its sign-in page lists SSO providers before anyone signs in.
  'statuses.list': 'anyone',
  // Without a session, the sign-in page reads the feature flags only (Mage's public scope).
  'projects.list': 'public scope',
  'projects.update': 'viewer',
  'oauths.list': 'key only',
  'oauths.detail': 'key only',
  'gitBranches.detail': 'viewer',
  'clientPages.list': 'viewer',
  'clientPages.detail': 'viewer',
  'tags.list': 'viewer',
  'tags.create': 'editor',
  'pipelines.backfills.list': 'viewer',
  'pipelines.backfills.create': 'editor',
  'backfills.list': 'viewer',
  'backfills.detail': 'viewer',
  'backfills.update': 'editor',
  'backfills.delete': 'editor',
  'blockRuns.outputs.list': 'viewer',
  'pipelines.blockOutputs.download': 'viewer',
  'secrets.list': 'editor',
  'secrets.create': 'editor',
  'secrets.delete': 'editor',
  'pipelineVariables.list': 'viewer',
  'pipelineVariables.create': 'editor',
  'pipelineVariables.update': 'editor',
  'pipelineVariables.delete': 'editor',
  'pipelineTriggers.list': 'viewer',
  'pipelineTriggers.create': 'editor',
  'monitorStats.detail': 'viewer',
  // Mage's pipeline editor: viewers read the files, templates and kernel; editors write code and drive the kernel.
  'files.list': 'viewer',
  'fileContents.detail': 'viewer',
  'fileContents.update': 'editor',
  'blockTemplates.list': 'viewer',
  'dataProviders.list': 'viewer',
  'autocompleteItems.list': 'viewer',
  'kernels.list': 'viewer',
  'kernels.detail': 'viewer',
  'kernels.update': 'editor',
  'globalDataProducts.list': 'viewer',
};

/** The expectation of every cell of the matrix, from LOWEST_ROLE (a route missing there throws, naming it). */
export function expected(routeId: string, authOn: boolean, state: (typeof STATES)[number] | RoleName): Outcome {
  if (!Object.hasOwn(LOWEST_ROLE, routeId))
    throw new Error(`${routeId} is not in LOWEST_ROLE (server/test/auth-matrix.ts): add the lowest role Mage lets through`);
  const access = LOWEST_ROLE[routeId]!;
  if (access === 'anyone') return 'allowed';
  if (state === 'no key' || state === 'wrong key') return 'invalid_api_key';
  // Without user authentication every caller with the key acts as an owner, and a route that needs no session ignores tokens.
  if (!authOn || access === 'key only') return 'allowed';
  if (state === 'unknown token' || state === 'bad signature') return 'invalid_oauth_token';
  if (state === 'expired token' || state === 'logged out') return 'expired_oauth_token';
  if (state === 'no token') return access === 'public scope' ? 'allowed' : 'forbidden';
  return access === 'public scope' || ROLES.indexOf(state) >= ROLES.indexOf(access) ? 'allowed' : 'forbidden';
}

/** What a route's policy gives a caller with the key: the lowest role it lets through, checked against LOWEST_ROLE. */
export function policyAccess(routeId: string): Access | 'nobody' {
  const { meta, node } = routes.find((r) => r.id === routeId)!;
  if (meta.public) return 'anyone';
  const policy = moduleOf(node).policy;
  if (policy.isTokenless(meta.action)) return 'key only';
  const lets = (caller: Caller) => {
    try {
      policy.authorizeAction({ caller, action: meta.action, record: { id: 2000 } });
      return true;
    } catch {
      return false;
    }
  };
  if (lets({ user: null, role: null, token: null, decodedToken: null, authEnabled: true })) return 'public scope';
  return ROLES.find((role) => lets({ user: { id: 1000, role }, role, token: null, decodedToken: null, authEnabled: true })) ?? 'nobody';
}

const SYMBOL: Record<Outcome, string> = {
  allowed: 'yes',
  forbidden: '403',
  invalid_api_key: '401 key',
  invalid_oauth_token: '401 invalid',
  expired_oauth_token: '401 expired',
};

/** docs/security.md (written by `npm run generate`): the matrix LOWEST_ROLE states (the test checks the policies against it, and observes it over HTTP). */
export function renderSecurityDoc(): string {
  const { runs, loginThrottle } = defaultConfig;
  const columns = [...STATES, ...ROLES];
  const table = (authOn: boolean) => [
    `| route | ${columns.join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    ...routes.map((r) => `| \`${r.id}\` ${r.method} \`${r.path}\` | ${columns.map((c) => SYMBOL[expected(r.id, authOn, c)]).join(' | ')} |`),
  ];
  return [
    '# Security: who may call what',
    '',
    'Generated by `npm run generate` from the table in `server/test/auth-matrix.ts` of the lowest role each route lets',
    'through, written from Mage’s rules ([roles](roles.md)); the auth-matrix test checks the policies (`core/src/resources/*/policy.ts`)',
    'against that table and sends every cell over HTTP, with the token in each location (`OAUTH-TOKEN`,',
    '`Authorization: Bearer`, the `oauth_token` cookie), and fails when the server, the policies or this page disagree.',
    '',
    '`yes`: the call gets through authentication and the policy (it may still fail on its payload). `403`:',
    '`unauthorized_access`. `401 key`, `401 invalid`, `401 expired`: `invalid_api_key`, `invalid_oauth_token`,',
    '`expired_oauth_token` (HTTP 200 with the code in the body, as every error). Role columns: a logged-in user',
    'with that role, acting on another user where the route names one.',
    '',
    '## With user authentication (`REQUIRE_USER_AUTHENTICATION=1`, the default)',
    '',
    ...table(true),
    '',
    '## Without (`REQUIRE_USER_AUTHENTICATION=0`): the API key suffices, callers act as owners, tokens are ignored',
    '',
    ...table(false),
    '',
    '## Defences',
    '',
    '- Every check that can refuse a request (API key, session, policy: action, query, written and read attributes, payload) runs before anything is written: a refused request changes nothing. The API key is checked before the query is validated; with user authentication on, a caller without a session is refused before any record is looked up, so the answer never tells which records exist.',
    '- Passwords: bcrypt, never in a response or a log line, at most 72 UTF-8 bytes (longer ones are refused with `record_invalid`: bcrypt would ignore the rest); tokens stored as SHA-256; keys and tokens compared in constant time. The request log leaves out the query and blanks `;` path params, every credential the request carries and anything shaped like a key, token or JWT in the path.',
    '- Ten failed password checks for one account from one client address (IPv6: its /64) within a minute, or fifty from all addresses together (logins and `password_current` alike), answer 429 `too_many_requests` with `Retry-After`, whether the account is named by email or by username, and a name no account has is throttled alike; guesses still being verified count, so a parallel burst gets no more tries. Accounts keep their count by user id, whatever other names are tried; names no account has and the per-address counts live in tables of 10,000 that forget the entry seen longest ago when full, never refusing a newcomer (`LOGIN_MAX_FAILURES`, `LOGIN_ACCOUNT_MAX_FAILURES`, `LOGIN_FAILURE_WINDOW`; [below](#limits-that-never-lock-out-everyone)).',
    '- One password check runs at a time and eight wait (`PASSWORD_CHECK_CONCURRENCY`, `PASSWORD_CHECK_QUEUE`); past that a login answers 429 at once, so a flood of logins leaves other requests served. Each client address (IPv6: its /64) may fail 60 checks per window (`CLIENT_MAX_FAILED_LOGINS`), in a table of 10,000 addresses that forgets the one seen longest ago when full.',
    '- Changing a password ends the user’s other sessions (`expired_oauth_token`); the session that made the change stays if it is the user’s own. Expired and logged-out tokens are kept for 7 days (`EXPIRED_TOKEN_RETENTION`), then purged: a purged token answers `invalid_oauth_token`.',
    '- Admins read by id only the users their list shows them (editors, viewers, users without a role, themselves).',
    '- Every request does bounded work: every list has a default and a maximum page (`_limit` above 1000 is a 400), no read answers more than 16 MB of JSON (`MAX_RESPONSE_BYTES`; measured before any text is written), and a pipeline list presents a shared block as a summary, never its content or configuration once per pipeline ([pagination](pagination.md#bounded-answers)).',
    '- HTTP edges: two `Host` headers, none on HTTP/1.1, or an absolute-form target naming another host answer the envelope with HTTP status 400 itself, whatever `_http_error_codes` says (RFC 9112 requires it; a proxy in front reads the status). At most 3/4 of the open-file limit in connections served at once (`--max-connections`), shared between clients only when they run short: while one is free any client may take it, so a lone client (a test process, a webhook sender behind one NAT address) is never refused; when none is free the client holding the most gives way, its half-open and then idle sockets first (never a request in progress), new connections wait unread (`--max-waiting-connections`), and one that cannot wait is answered 503 with `Retry-After`, never reset ([connection limits](configuration.md#connection-limits)); headers must arrive within 10 s and the whole request within 30 s (`--headers-timeout-ms`, `--request-timeout-ms`), so slow or half-open sockets cannot hold the server.',
    '- Bodies over 1 MB answer 413, bodies nested more than 100 levels deep 400; every malformed request, down to malformed HTTP, gets the envelope; internal faults are logged, never echoed. At most 200,000 records and 256 MB of their JSON are stored (`MAX_STORED_RECORDS`, `MAX_STORED_BYTES`; tokens not counted): a change past a cap answers 413 `api_resource_error` and is undone whole; deleting always works.',
    `- API trigger URLs take the trigger’s token instead of a key or session (in the path, or \`Authorization: Bearer\` on \`/api_trigger\`): an unknown trigger, one that is not an \`api\` trigger and a missing or wrong token all get the same 403, the token compared in constant time. The token is checked first and a right one is always answered, whatever else came from the same address; past ${runs.maxTokenFailures} wrong tokens for one trigger from one client address within the login window (${loginThrottle.windowSeconds} s), that client's wrong tokens for that trigger answer 429 with \`Retry-After\` instead of 403 (\`API_TRIGGER_MAX_FAILURES\`, \`LOGIN_FAILURE_WINDOW\`; [below](#guessing-trigger-tokens)). Generated tokens are 32 hex digits (128 random bits); an owner-chosen token must be URL-safe and estimate at least 128 bits (its characters that follow no pattern, a repeated unit counted once and runs such as \`abc\` not at all, × log2 of the character classes it uses), or it is a 400 \`record_invalid\` saying what is wrong. No log line holds a token, whatever its shape: its path segment is blanked by its place in the route. A token holder is bounded: variables over ${runs.maxVariablesBytes / 1024} KiB answer 413 (\`MAX_RUN_VARIABLES_BYTES\`), a run past ${runs.maxWaitingPerTrigger} waiting to start on one trigger 429 (\`MAX_WAITING_RUNS_PER_TRIGGER\`), and one trigger's runs keep at most ${runs.maxVariablesBytesPerTrigger / 1024 / 1024} MiB of variables, its oldest finished runs deleted first (\`MAX_RUN_VARIABLES_BYTES_PER_TRIGGER\`).`,
    '- Owners may not delete or demote the last owner; admins may not touch owners or admins, nor grant those roles.',
    '',
    '## Secret values',
    '',
    '- `POST /api/secrets` values are write-only: no answer, error message, log line, proxy recording (`secret.value` is masked in HAR and fixtures files, and blanked wherever it shows up again) or fixtures export holds one; a test writes a unique value and searches every answer, the request log, the proxy recordings and every file of the data directory for it.',
    '- Each value is sealed with AES-256-GCM (Web Crypto), a fresh 12-byte IV per value and the secret’s name as associated data (a sealed value moved to another name does not open), stored as `v1.<key id>.<iv>.<ciphertext>`; the key id (the first 8 bytes of the key’s SHA-256) tells a value sealed with another key from a damaged one.',
    '- The key, with `--data <dir>`: 32 bytes from `crypto.randomBytes`, made at the first start and written as base64url to `<dir>/secrets.key` (mode `0600`, written to a temporary file, synced, renamed), apart from the SQLite database; `SECRETS_KEY_FILE` keeps it elsewhere (a mounted secret). A warning names the file when others may read it. A start that finds sealed values but no key file is refused, naming the file, rather than making a new key. A copy of the database without its key opens no value: secrets sealed with another key are not listed (as Mage lists only what its key decrypts), and their names may be taken again. Without `--data`, and in the mocks, the key is random per instance: values live as long as the process.',
    '- Secrets are editor+ (Mage also requires notebook edit access, `DISABLE_NOTEBOOK_EDIT_ACCESS`; the kit has no such setting). At most 1000 secrets, each value at most 64 KiB, names as Mage’s UI allows them (a letter or underscore, then letters, digits, underscores; at most 255); a taken name is `record_invalid` (there is no update: delete, then create).',
    '- Browsers: credentialed CORS only for loopback origins (`http(s)://localhost`, `127.0.0.0/8`, `[::1]`, any port), the server’s own origin and `CORS_ORIGINS`; a preflight from those may send any header it asks for, `Retry-After` is exposed. A `Host` that is not a loopback name, an IP address or in `ALLOWED_HOSTS` is refused (DNS rebinding). A write from any other origin (`null` included) with a content type a page can send without a preflight (`text/plain`, form types, none) is refused before its body is read; curl and other non-browser callers send no `Origin` and are not affected.',
    '',
    '## Guessing trigger tokens',
    '',
    'A trigger token carries at least 128 bits: a generated one is 128 random bits, and a chosen one must estimate as much. Guessing one at a million tries a second, from as many addresses as one likes, takes about 5 × 10^24 years on average; the throttle cannot make that less likely, and does not need to. So the throttle is not what keeps a token secret, and it must never stop the rightful caller: the token is compared first, in constant time, and a right token is answered whatever else was sent from the same address (a NAT, a company proxy, a CI runner shared with whoever is guessing). Only wrong tokens are counted, per trigger and client address; past the budget the wrong ones answer 429 instead of 403, which tells a misconfigured caller to stop and keeps the cost of a guesser bounded, but never lets one caller lock out another. Before, 20 wrong tokens from one address made the right token from that address a 429 for 60 s: anyone behind the same NAT could stop a team\u2019s deploy hooks.',
    '',
    '## Limits that never lock out everyone',
    '',
    'Every table of per-client counts (wrong trigger tokens per trigger and address, failed password checks per address, per account and address, and per name no account has) holds at most 10,000 entries and, when full, forgets the entry seen longest ago. Before, a full table refused every new client: whoever filled it (10,000 addresses, or 10,000 made-up login names) locked out every newcomer, the rightful ones included. Keying by a wider address prefix was the other choice; it was not taken because it puts innocent neighbours (a /48 of a provider, a whole NAT pool) under one budget, the lockout this is meant to end.',
    '',
    'What eviction gives an attacker who sprays addresses: a forgotten entry starts over, so an attacker with more than 10,000 addresses gets a fresh budget per address, which is what those addresses would give them anyway. It cannot reset what matters: an account\u2019s own budget (50 failures a minute from all addresses) is kept by user id and never evicted, the password gate runs one bcrypt at a time with eight waiting, and guessing a trigger token is hopeless whatever the budget. A forgotten name no account has guards no password. Spraying names cannot tell which accounts exist either: a name is throttled like an account (the same two budgets and messages, and a decoy bcrypt), and evicting names within one window needs 10,000 password checks within it, which the gate (one at a time, tens of milliseconds each at the default cost) makes take minutes.',
    '',
    'Logins follow the usual rule, per account and address: ten failures a minute for one account from one address (IPv6: its /64), so a stranger elsewhere cannot lock the rightful user out by typing wrong passwords; plus fifty a minute for the account from all addresses together, because a password (unlike a trigger token) may be weak, and per address alone would give a guesser with many addresses ten guesses a minute per address. Such a guesser can still lock the account for a minute at a time, the price of bounding guesses at a weak password; each address it uses is also bounded by the gate (60 failed checks a minute, `CLIENT_MAX_FAILED_LOGINS`). Users behind the same address as a guesser share its budget for that account.',
    '',
    '## Promises, each with the test that holds it',
    '',
    ...PROMISES.map(({ promise, file, test }) => `- ${promise} (\`${file}\`: “${test}”)`),
    '',
  ].join('\n');
}

/** What docs/security.md promises beyond the matrix, each with the test that holds it (the matrix test checks the test is there). */
export const PROMISES: readonly { promise: string; file: string; test: string }[] = [
  {
    promise:
      '**Path parameters are data, never path.** The SDK (and so the query layer, the MCP tools and anything built on them) percent-encodes every path parameter, so `/`, `\\`, `?`, `#`, `%2e%2e` and the rest address the literal id; `.`, `..` and an empty value, which every URL parser resolves to another path whatever their encoding, are refused before anything is sent (`PathParameterError`). A property test sends hostile values through every route of the contract and checks each request reaches the call\u2019s route with the call\u2019s parameters.',
    file: 'sdk/test/path-parameters.test.ts',
    test: 'for every route and every parameter, a hostile value reaches the same route with the same parameters, or is refused unsent',
  },
  {
    promise: 'The server reads a percent-encoded `..` sent as is (a raw client) as the literal id: `record_not_found`, nothing else touched.',
    file: 'sdk/test/path-parameters.test.ts',
    test: 'the server reads a percent-encoded ".." sent as is as the literal id',
  },
  {
    promise:
      'The contract proxy never forwards a path with a dot segment in any spelling (`..`, `%2E%2E`, `.%2e`, after `\\`): a 400 envelope, nothing sent to the target.',
    file: 'server/proxy/test/hostile.test.ts',
    test: 'never forwards a dot segment, in any spelling: the target would resolve it to another record',
  },
  {
    promise:
      'The MCP server checks every request by the route its URL reaches before it leaves: a write to a resource `--allow-writes` does not name, or a path outside the contract, is not sent, whatever the tool meant.',
    file: 'server/mcp/test/security.test.ts',
    test: 'checks every request by the route its URL reaches before it leaves, whatever the tool meant',
  },
  {
    promise: 'Every MCP tool result is at most 64 KB on the wire, errors included: invalid arguments list 20 issues and count the rest.',
    file: 'server/mcp/test/security.test.ts',
    test: 'an invalid-arguments error over thousands of bad items lists 20 and counts the rest, under 64 KB on the wire',
  },
  {
    promise: 'The MCP log never carries a tool argument, a URL built from one, or a stack trace; `--debug` shows more and says so at start.',
    file: 'server/mcp/test/security.test.ts',
    test: 'logs a failure without an answer by its class only: no argument, no URL, no stack trace',
  },
  {
    promise:
      '**No existence oracle.** A caller the policy refuses whatever the record (a viewer deleting a secret, a user without a role reading a backfill or a pipeline\u2019s variables) gets the same 403 for an id that exists and one that does not, on every route that names a record or a parent; only a caller who may act on some record learns that one is missing (404).',
    file: 'server/test/existence-oracle.test.ts',
    test: 'a refused caller gets the same answer for a taken and a free id',
  },
  {
    promise:
      "CSV downloads are safe to open: text cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) get a leading `'` (OWASP); `formulas=raw` sends them as stored, as Mage does ([runs](runs.md)).",
    file: 'core/test/sample-outputs.test.ts',
    test: 'escapes cells a spreadsheet would run as formulas with a leading quote; formulas: raw writes them as stored',
  },
];
