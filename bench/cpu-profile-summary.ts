/**
 * Self time of a V8 CPU profile (`node --cpu-prof`), summed by function and by file: where a server's CPU goes.
 * tsx bench/cpu-profile-summary.ts <file.cpuprofile> [top=15] [from-µs to-µs]: with a window (V8's monotonic clock,
 * the one process.hrtime reads on Linux), only samples taken in it count. bench/profile-server.ts calls it per scenario.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where each module starts in an esbuild bundle (its `// path` comments): line numbers, ascending, and paths. */
const bundles = new Map<string, { lines: number[]; paths: string[] }>();
function bundleModules(path: string) {
  let modules = bundles.get(path);
  if (!modules) {
    modules = { lines: [], paths: [] };
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      // gone already: the bundle counts as one file
    }
    text.split('\n').forEach((line, index) => {
      const module = /^\/\/ ((?:[\w@.-]+\/)+[\w.-]+\.[cm]?[jt]sx?)$/.exec(line);
      if (module) {
        modules!.lines.push(index);
        modules!.paths.push(module[1]!);
      }
    });
    bundles.set(path, modules);
  }
  return modules;
}

/** A script's URL as a short name: a path in the repository, a package, or Node's own; in a bundle, the module's. */
function fileOf(url: string, lineNumber: number): string {
  if (url === '') return '(native)';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (path.includes('node_modules/.cache/')) {
    const { lines, paths } = bundleModules(path);
    let low = 0;
    let high = lines.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (lines[mid]! <= lineNumber) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (found >= 0) return paths[found]!.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1');
  }
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = path.slice(modules + 'node_modules/'.length).split('/');
    return parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
  }
  return path.startsWith(root) ? path.slice(root.length) : path;
}

export function summarize(profile: CpuProfile, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i] ?? 0;
    // A sample's delta is the time since the previous one: charged to this sample's function.
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (window && (time < window.from || time > window.to)) continue;
    const node = byId.get(profile.samples[i]!)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    const file = fileOf(url, lineNumber);
    const name = `${functionName || '(anonymous)'} ${file}${url && !url.includes('node_modules/.cache/') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    byFile.set(file, (byFile.get(file) ?? 0) + delta);
    total += delta;
  }
  return { total, byFunction, byFile };
}

export function report(profile: CpuProfile, top: number, window?: { from: number; to: number }): string {
  const { total, byFunction, byFile } = summarize(profile, window);
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n');
  return `busy ${(total / 1000).toFixed(0)} ms (idle and (program) left out)\nby function (self time):\n${rows(byFunction)}\nby file or package:\n${rows(byFile)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, top, from, to] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top] [from-µs to-µs]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(report(profile, Number(top ?? 15), from && to ? { from: Number(from), to: Number(to) } : undefined));
}
