#!/usr/bin/env bash
# npm run test:packed: the server package as a user gets it. Packs @pipeline-api/server (and the contract and
# core it depends on), installs the tarballs
# into a fresh directory outside the workspace (its dependencies from the npm registry), starts it with npx,
# a fixtures file and a data directory on a free loopback port, logs in with the generated secrets, reads a
# seeded pipeline, then stops it (SIGTERM) and checks it exited with 0. Needs the registry; not in `npm test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cd "$root"
# The server depends on @pipeline-api/core, @pipeline-api/contract and (its MCP command) @pipeline-api/sdk: until
# they are on a registry, their tarballs are installed beside it (each package's prepack builds it).
npm pack -w @pipeline-api/contract -w @pipeline-api/core -w @pipeline-api/sdk -w @pipeline-api/server --pack-destination "$work" --silent >/dev/null
mkdir "$work/project" && cd "$work/project"
npm init -y >/dev/null
# As docs/server.md says: the SDK a dependency, the server with the packages it needs dev dependencies.
npm install --no-audit --no-fund --silent "$work"/pipeline-api-sdk-*.tgz
SCARF_ANALYTICS=false npm install --save-dev --no-audit --no-fund --silent "$work"/pipeline-api-{contract,core,server}-*.tgz
cp node_modules/@pipeline-api/server/example-fixtures.json fixtures.json

npx --no-install pipeline-api-server --help | grep -q -- '--fixtures <file>'
# The MCP command builds its tools from the document beside it, with the MCP SDK from the registry.
npx --no-install pipeline-api-server mcp --help | grep -q -- '--allow-writes <resources>'
# The bin npx resolves, run directly so its own exit status is seen (npm exec reports a signal as 143).
setsid ./node_modules/.bin/pipeline-api-server --port 0 --fixtures fixtures.json --data ./data > server.log 2>&1 &
pid=$!
for _ in $(seq 1 200); do grep -q 'listening on' server.log && break; sleep 0.1; done
cat server.log
url=$(grep -o 'listening on http://[^ ]*' server.log | cut -d' ' -f3)
key=$(grep -o 'API key: *[^ ]*' server.log | awk '{print $3}')
password=$(grep -o 'owner password: *[^ ]*' server.log | awk '{print $3}')
[ "$(stat -c %a data/secrets.json)" = 600 ]

raw=$(curl -sf -X POST "$url/api/sessions" -H "X-API-KEY: $key" \
  -d "{\"session\": {\"email\": \"admin@admin.com\", \"password\": \"$password\"}}" | node -pe 'JSON.parse(require("fs").readFileSync(0)).session.token')
token=$(node -pe "JSON.parse(Buffer.from('$raw'.split('.')[1], 'base64url')).token")
blocks=$(curl -sf "$url/api/pipelines/daily_sales" -H "X-API-KEY: $key" -H "OAUTH-TOKEN: $token" \
  | node -pe 'JSON.parse(require("fs").readFileSync(0)).pipeline.blocks.map((b) => b.uuid).join(",")')
[ "$blocks" = "load_orders,clean_orders" ] || { echo "unexpected blocks: $blocks"; exit 1; }
curl -sf "$url/docs/try" | grep -q '<title>Pipeline API: try it</title>'

kill -TERM -- "-$pid"
status=0; wait "$pid" || status=$?
pid=""
[ "$status" = 0 ] || { echo "exit status $status"; exit 1; }
echo "packed server: installed in a fresh directory, seeded, logged in, read daily_sales ($blocks), stopped cleanly"
