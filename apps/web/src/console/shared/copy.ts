/**
 * Copies text with the Clipboard API. Resolves false where the page may not use it (plain http on a LAN
 * address has no `navigator.clipboard`) or the browser refuses: the caller then asks to copy by hand (the
 * values are shown selectable with one click).
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
