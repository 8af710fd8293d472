/**
 * Viewer counts other API processes announced, per room and process. An announcement lives `ttlMs`: a
 * process that stopped (or crashed) drops out of the totals unless it announces again.
 */
export class RemoteViewerCounts {
  private readonly rooms = new Map<string, Map<string, { count: number; at: number }>>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  set(node: string, room: string, count: number): void {
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
    nodes.set(node, { count, at: this.now() });
  }

  /** Viewers of a room in the other processes (fresh announcements only). */
  total(room: string): number {
    const nodes = this.rooms.get(room);
    if (!nodes) return 0;
    const since = this.now() - this.ttlMs;
    let sum = 0;
    for (const [node, entry] of nodes) {
      if (entry.at >= since) sum += entry.count;
      else nodes.delete(node);
    }
    if (nodes.size === 0) this.rooms.delete(room);
    return sum;
  }
}
