// The npm registry reachable here answers 404 for some platform builds of rollup (a dependency of tsup),
// so `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds an entry for each missing optional platform package, with the os/cpu/libc that make npm skip it
// on other platforms. Run it after `npm install` changes dependencies: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x'];

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[`${key}/${target}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
    if (!os || !cpu) throw new Error(`Cannot tell the platform of ${name}; add it by hand`);
    const libc = parts.includes('musl') || parts.includes('musleabihf') ? ['musl'] : os === 'linux' ? ['glibc'] : undefined;
    lock.packages[target] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      os: [os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
