/**
 * A small in-process read cache: entries live until a deadline, the oldest go first past `max`, and
 * `generation` lets a reader that started before an invalidation refuse to store what it read.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** Bumped by every invalidation: a load that began under an older generation is not stored. */
  generation = 0;

  constructor(private readonly max = 10_000) {}

  get(key: K, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores a value read under `generation` (unless something was invalidated since). */
  set(key: K, value: V, until: number, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until });
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }
}
