// The CPU time processes have used, read from Linux's /proc, for the benchmarks (bench-server.ts,
// bench-desk.ts). On a shared machine busy neighbours take CPU from a server, not CPU per request
// from it, so this figure moves far less with the load than the wall-clock times do.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** One process's clock ticks from /proc/<pid>/stat: user and system, and with `reaped` its waited-for children's too. */
function ticksOf(pid: number, reaped: boolean): number {
  // The command name in parentheses may hold spaces; the fields after it are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const own = Number(fields[11]) + Number(fields[12]);
  return reaped ? own + Number(fields[13]) + Number(fields[14]) : own;
}

/** CPU seconds the processes have used (user and system, every thread), or NaN where /proc is not Linux's. */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      ticks += ticksOf(pid, false);
    } catch {
      return Number.NaN;
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** A process's children, as Linux lists them. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU seconds of a process and all its children, those still running and those it has reaped (a
 * PostgreSQL server: its connections' backends and autovacuum workers come and go), or NaN.
 */
export function treeCpuSeconds(pid: number): number {
  try {
    let ticks = ticksOf(pid, true);
    for (const child of childrenOf(pid)) {
      try {
        ticks += ticksOf(child, false);
      } catch {
        // Gone since the list was read: its time is in the parent's reaped children now, or soon.
      }
    }
    return ticks / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
