/** Copies text to the clipboard; false where the browser cannot (no secure context, permission refused). */
export async function copyText(text: string): Promise<boolean> {
  if (!window.isSecureContext || !('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
