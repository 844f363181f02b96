// The nice values of a process's threads, read from /proc (Linux): what the priority tests compare.
import { readdirSync, readFileSync } from 'node:fs';

/** Thread `tid` of process `pid`'s nice value (field 19 of its stat line). */
export function niceOfThread(pid: number, tid: number): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  // The command name, in parentheses, may hold spaces: the fields are counted after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[16]);
}

/** Each thread of process `pid` with its nice value, in /proc's order. */
export function threadNices(pid: number): { tid: number; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => ({
    tid: Number(tid),
    nice: niceOfThread(pid, Number(tid)),
  }));
}
