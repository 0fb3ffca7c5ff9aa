import { listen } from '../server/http/listen.js';
import { API_KEY, compare, REASONS, type Answer, type Probe } from '../conformance/real-mage/differential.js';
import { UI_VARIABLES_PROBES } from '../conformance/real-mage/ui-variables-probes.js';

async function run(baseUrl: string, probes: Probe[]): Promise<Answer[]> {
  const login = await fetch(`${baseUrl}/api/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY },
    body: JSON.stringify({ session: { email: 'admin@admin.com', password: 'admin' } }),
  }).then((r) => r.json() as Promise<any>);
  const token = JSON.parse(atob(login.session.token.split('.')[1])).token;
  const out: Answer[] = [];
  for (const p of probes) {
    const r = await fetch(`${baseUrl}${p.path}`, {
      method: p.method,
      headers: { 'Content-Type': 'application/json', 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': token },
      body: p.body === undefined ? undefined : JSON.stringify(p.body),
    });
    const text = await r.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    out.push({ status: r.status, body });
  }
  return out;
}
const mage = await run(process.argv[2]!, UI_VARIABLES_PROBES);
const server = await listen({ config: { bcryptRounds: 4 } });
const ours = await run(server.url, UI_VARIABLES_PROBES).finally(() => server.close());
UI_VARIABLES_PROBES.forEach((p, i) => {
  const diffs = compare(mage[i]!, ours[i]!).map((d) => ({ d, reason: REASONS.find((r) => r.covers(d, p, mage[i]!, ours[i]!))?.id }));
  console.log(`## ${p.name}: ${diffs.filter((x) => !x.reason).length} unexplained`);
  for (const { d, reason } of diffs) console.log(`   [${reason ?? 'UNEXPLAINED'}] ${d.kind} ${d.path} mage=${JSON.stringify(d.mage)?.slice(0, 300)} ours=${JSON.stringify(d.ours)?.slice(0, 300)}`);
  if (diffs.some((x) => !x.reason)) console.log('   MAGE:', JSON.stringify(mage[i]!.body).slice(0, 600));
});
