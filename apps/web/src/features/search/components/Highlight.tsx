/** `text` with each case-insensitive occurrence of `keyword` marked; rendered as text, never as HTML. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  const k = keyword.trim().toLowerCase();
  if (!k) return <>{text}</>;
  const lower = text.toLowerCase();
  // Lower-casing may change a string's length (e.g. "İ"): then offsets would not line up, so mark nothing.
  if (lower.length !== text.length) return <>{text}</>;
  const parts: { s: string; hit: boolean }[] = [];
  let from = 0;
  for (let at = lower.indexOf(k); at !== -1 && k.length > 0; at = lower.indexOf(k, from)) {
    if (at > from) parts.push({ s: text.slice(from, at), hit: false });
    parts.push({ s: text.slice(at, at + k.length), hit: true });
    from = at + k.length;
  }
  if (from < text.length) parts.push({ s: text.slice(from), hit: false });
  return <>{parts.map((p, i) => (p.hit ? <mark key={i}>{p.s}</mark> : <span key={i}>{p.s}</span>))}</>;
}
