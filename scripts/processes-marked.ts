import { readdirSync, readFileSync } from 'node:fs';

/** Processes (Linux /proc) whose environment holds `marker=value`: every process a test run started, reparented or not. */
export function processesMarked(marker: string, value: string): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  const needle = `${marker}=${value}`;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!environ.includes(needle)) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
      if (state !== 'Z') found.push({ pid, command }); // a zombie holds nothing but its exit status
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
