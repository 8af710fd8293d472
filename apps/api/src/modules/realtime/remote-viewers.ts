/** What one process announced for a room: its viewer keys, or (an older process, a huge room) a count only. */
interface Announced {
  keys: ReadonlySet<string> | undefined;
  count: number;
  at: number;
}

/**
 * The viewers other API processes announced, per room and process. An announcement lives `ttlMs`: a
 * process that stopped (or crashed) drops out of the totals unless it announces again.
 */
export class RemoteViewers {
  private readonly rooms = new Map<string, Map<string, Announced>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** A process's viewers of a room: their keys when it sent them, and how many there are. */
  set(node: string, room: string, count: number, keys?: readonly string[]): void {
    let nodes = this.rooms.get(room);
    if (count <= 0) {
      nodes?.delete(node);
      if (nodes?.size === 0) this.rooms.delete(room);
      return;
    }
    if (!nodes) {
      nodes = new Map();
      this.rooms.set(room, nodes);
    }
    nodes.set(node, { keys: keys ? new Set(keys) : undefined, count, at: this.now() });
  }

  /**
   * Distinct viewers of a room: the `local` keys, plus every key the other processes announced that is not
   * among them (each once), plus the counts of processes that sent none (fresh announcements only).
   */
  distinct(room: string, local: ReadonlyMap<string, unknown> | undefined): number {
    const here = local?.size ?? 0;
    const nodes = this.rooms.get(room);
    if (!nodes) return here;
    const since = this.now() - this.ttlMs;
    const elsewhere = new Set<string>();
    let counted = 0;
    for (const [node, entry] of nodes) {
      if (entry.at < since) {
        nodes.delete(node);
        continue;
      }
      if (!entry.keys) counted += entry.count;
      else for (const key of entry.keys) if (!local?.has(key)) elsewhere.add(key);
    }
    if (nodes.size === 0) this.rooms.delete(room);
    return here + elsewhere.size + counted;
  }
}
