import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// What /proc tells about a process's memory (bench/memory.ts): /proc/<pid>/status, its children by kind, and its
// resident memory by kind of mapping (/proc/<pid>/smaps).

export const mb = (kb: number) => Math.round(kb / 1024);

/** Fields of /proc/<pid>/status in kB (VmRSS, VmHWM, RssAnon, RssFile, …), and Threads; {} once it is gone. */
export function procStatus(pid: number): Record<string, number> {
  try {
    const out: Record<string, number> = {};
    for (const line of readFileSync(`/proc/${String(pid)}/status`, 'utf8').split('\n')) {
      const m = /^(\w+):\s+(\d+)/.exec(line);
      if (m?.[1] && m[2]) out[m[1]] = Number(m[2]);
    }
    return out;
  } catch {
    return {};
  }
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** The process's children and their children, each with what it is and its resident memory (MB). */
export function descendants(root: number): { pid: number; kind: string; rssMb: number }[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // ended meanwhile
    }
  }
  const within = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  const out: { pid: number; kind: string; rssMb: number }[] = [];
  for (const pid of parents.keys()) {
    if (!within(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
        .split('\0')
        .join(' ');
    } catch {
      continue;
    }
    const kind = cmdline.includes('rawvideo')
      ? 'ffmpeg camera'
      : cmdline.includes('-f segment')
        ? 'ffmpeg recorder'
        : path.basename(cmdline.split(' ')[0] ?? '') || 'other';
    out.push({ pid, kind, rssMb: mb(procStatus(pid).VmRSS ?? 0) });
  }
  return out;
}

/**
 * The API's resident memory by kind of mapping, MB, from /proc/<pid>/smaps (what the kernel can tell, so
 * approximate): WebAssembly memories (PGlite's engine: a read-write mapping followed by the reservation of at
 * least 1 GiB that WebAssembly keeps behind it), glibc's per-thread malloc arenas (64 MiB-aligned, 64 MiB with
 * their reserve), the main malloc heap ([heap]), small anonymous mappings of at most 256 KiB (mostly V8's heap
 * pages, of every isolate: the main thread, the database's thread, tsx's loader thread), other anonymous
 * mappings (V8's new space and large objects, thread stacks, …) and mapped files (the node binary, libraries).
 */
export function breakdown(pid: number): Record<string, number> {
  interface Region {
    start: bigint;
    end: bigint;
    perm: string;
    name: string;
    rss: number;
  }
  const regions: Region[] = [];
  try {
    for (const line of readFileSync(`/proc/${String(pid)}/smaps`, 'utf8').split('\n')) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) {
        regions.push({
          start: BigInt(`0x${head[1] ?? '0'}`),
          end: BigInt(`0x${head[2] ?? '0'}`),
          perm: head[3] ?? '',
          name: (head[4] ?? '').trim(),
          rss: 0,
        });
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      const last = regions.at(-1);
      if (rss && last) last.rss = Number(rss[1]);
    }
  } catch {
    return {};
  }
  const GiB = 1n << 30n;
  const ARENA = 64n << 20n;
  const kinds: Record<string, number> = {
    'WebAssembly memory': 0,
    'malloc arenas': 0,
    'malloc heap': 0,
    'small anonymous (V8 pages)': 0,
    'other anonymous': 0,
    files: 0,
  };
  regions.forEach((r, i) => {
    const next = regions[i + 1];
    const reserve = next && next.start === r.end && next.perm === '---p' && !next.name ? next.end - next.start : 0n;
    let kind: string;
    if (r.name === '[heap]') kind = 'malloc heap';
    else if (r.name && !r.name.startsWith('[anon')) kind = 'files';
    else if (r.perm.startsWith('rw') && reserve >= GiB) kind = 'WebAssembly memory';
    else if (r.perm.startsWith('rw') && r.start % ARENA === 0n && r.end - r.start + reserve === ARENA)
      kind = 'malloc arenas';
    else if (r.end - r.start <= 256n * 1024n) kind = 'small anonymous (V8 pages)';
    else kind = 'other anonymous';
    kinds[kind] = (kinds[kind] ?? 0) + r.rss;
  });
  return Object.fromEntries(Object.entries(kinds).map(([k, kb]) => [k, mb(kb)]));
}

export interface Sample {
  stage: string;
  'API VmRSS MB': number;
  'API VmHWM MB': number;
  'RssAnon MB': number;
  'RssFile MB': number;
  threads: number;
  /** The children by kind: total MB (count). */
  children: string;
  'load average': string;
}

export function sample(pid: number, stage: string): Sample {
  const s = procStatus(pid);
  const byKind = new Map<string, { mb: number; n: number }>();
  for (const c of descendants(pid)) {
    const k = byKind.get(c.kind) ?? { mb: 0, n: 0 };
    byKind.set(c.kind, { mb: k.mb + c.rssMb, n: k.n + 1 });
  }
  return {
    stage,
    'API VmRSS MB': mb(s.VmRSS ?? 0),
    'API VmHWM MB': mb(s.VmHWM ?? 0),
    'RssAnon MB': mb(s.RssAnon ?? 0),
    'RssFile MB': mb(s.RssFile ?? 0),
    threads: s.Threads ?? 0,
    children: [...byKind]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, k]) => `${kind} ${String(k.mb)} MB (${String(k.n)})`)
      .join(', '),
    'load average': loadAverage(),
  };
}

// ---- the load ----
