/**
 * The processes of one Chromium launched by the bench, so that /proc's worker-thread CPU is read for
 * that browser alone (workerAB.ts): on a machine shared with other engineers' browsers, every
 * `DedicatedWorker` thread on the machine was counted before (their fleet workers at 60,000
 * events/s included).
 *
 * The browser is launched with a marker switch (`--luc-bench-browser=TOKEN`, which Chromium ignores);
 * its browser process is the one whose command line holds it, and its renderers, zygotes and
 * utilities are that process's descendants (parent pid, field 4 of /proc/PID/stat).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/** A fresh marker switch to pass to launchChromium. */
export function browserMarker(): string {
  return `--luc-bench-browser=${randomUUID()}`;
}

/** The pids of the process whose command line holds `marker` and of all its descendants now; empty when none has it. */
export function processTree(marker: string): Set<number> {
  const parentOf = new Map<number, number>();
  const roots: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the comm's closing parenthesis: state, then the parent pid.
      parentOf.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(marker)) roots.push(pid);
    } catch {
      continue; // the process ended while being read
    }
  }
  const tree = new Set<number>(roots);
  // Parents before children is not guaranteed by pid order: repeat until no process joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (!tree.has(pid) && tree.has(parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return tree;
}
