/** Recent searches, newest first, kept in localStorage under this key. */
export const RECENT_KEY = 'search_recent';
/** How many recent searches are kept. */
export const RECENT_MAX = 10;
/** Longest keyword kept (longer input is cut). */
export const KEYWORD_MAX = 50;

/** A keyword as searched: trimmed, inner runs of whitespace folded, at most KEYWORD_MAX characters. */
export function normalizeKeyword(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, KEYWORD_MAX).trim();
}

/** The stored list, or [] when it is missing or not a list of strings. */
export function readRecent(storage: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((k): k is string => typeof k === 'string' && k.length > 0).slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

/** `keyword` moved to the front (once, case-insensitively), the list cut at RECENT_MAX. */
export function addRecent(list: readonly string[], keyword: string): string[] {
  const k = normalizeKeyword(keyword);
  if (!k) return [...list];
  const lower = k.toLowerCase();
  return [k, ...list.filter((x) => x.toLowerCase() !== lower)].slice(0, RECENT_MAX);
}

export function writeRecent(storage: Storage, list: readonly string[]): void {
  try {
    if (list.length === 0) storage.removeItem(RECENT_KEY);
    else storage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX)));
  } catch {
    // storage full or denied: recent searches are a convenience
  }
}
