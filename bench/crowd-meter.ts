import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cpuSeconds } from './lib';
import { procStatus } from './proc-memory';

// Where the CPU and memory go while bench/crowd.ts holds a load: groups of processes found by their parents in
// /proc (the API, the nginx masters and their workers, the API's ffmpeg children, Chromium), this process (the
// load generator and the latency probe), and the machine as a whole.

/** Each process's parent, from /proc/<pid>/stat. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      out.set(Number(entry), Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/** The processes below `roots` (children, their children, …), without the roots. */
function below(roots: number[], tree: Map<number, number>): number[] {
  const inside = new Set(roots);
  const out: number[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of tree)
      if (inside.has(ppid) && !inside.has(pid)) {
        inside.add(pid);
        out.push(pid);
        grew = true;
      }
  }
  return out;
}

/** The server's processes by role: the API, nginx (masters and workers), the API's ffmpeg, Chromium. */
export function serverGroups(apiPid: number, nginxPids: number[]): Record<string, number[]> {
  const tree = parents();
  const api = [apiPid, ...below([apiPid], tree)];
  const nginx = [...nginxPids, ...below(nginxPids, tree)];
  const taken = new Set([...api, ...nginx]);
  const comm = (pid: number) => {
    try {
      return readFileSync(`/proc/${String(pid)}/comm`, 'utf8').trim();
    } catch {
      return '';
    }
  };
  return {
    api: [apiPid],
    ffmpeg: api.filter((pid) => comm(pid) === 'ffmpeg'),
    nginx,
    chromium: below([process.pid], tree).filter((pid) => !taken.has(pid) && comm(pid).startsWith('chrom')),
  };
}

function busyTicks(): number {
  const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number);
  return ticks.reduce((s, t) => s + t, 0) - (ticks[3] ?? 0) - (ticks[4] ?? 0); // less idle and iowait
}

export interface Usage {
  /** Share of one core per group, % (100 = one core busy), over the window. */
  cpu: Record<string, number>;
  /** Resident memory per group at the end, MB (nginx: its processes' RSS summed, shared pages counted twice). */
  rssMb: Record<string, number>;
  /** This process's event loop utilisation, 0–1: near 1, the load generator itself is the limit. */
  generatorElu: number;
}

/** Starts measuring the groups (found again at the end: processes may come and go) and this process. */
export function startUsage(groups: () => Record<string, number[]>): { stop(): Usage } {
  const cpuOf = (g: Record<string, number[]>) =>
    new Map(Object.values(g).flatMap((pids) => pids.map((pid) => [pid, cpuSeconds(pid)] as const)));
  const first = { at: performance.now(), cpu: cpuOf(groups()), self: process.cpuUsage(), busy: busyTicks() };
  const elu = performance.eventLoopUtilization();
  return {
    stop() {
      const seconds = (performance.now() - first.at) / 1000;
      const pct = (cpu: number) => Math.round((cpu / seconds) * 100);
      const g = groups();
      const now = cpuOf(g);
      const cpu: Record<string, number> = {};
      const rssMb: Record<string, number> = {};
      for (const [name, pids] of Object.entries(g)) {
        cpu[name] = pct(pids.reduce((s, pid) => s + (now.get(pid) ?? 0) - (first.cpu.get(pid) ?? 0), 0));
        rssMb[name] = Math.round(pids.reduce((s, pid) => s + (procStatus(pid).VmRSS ?? 0), 0) / 1024);
      }
      const self = process.cpuUsage(first.self);
      cpu.generator = pct((self.user + self.system) / 1e6);
      cpu.machine = pct((busyTicks() - first.busy) / 100);
      return { cpu, rssMb, generatorElu: performance.eventLoopUtilization(elu).utilization };
    },
  };
}
