/** Spec §9: toasts last 1.5 s. */
export const TOAST_MS = 1500;

const load = () => import('./feedback-impl');

/**
 * Toasts and dialogs. antd-mobile's Toast/Dialog pull in an animation library, so they load on first use
 * (and are prefetched after the first paint) instead of weighing on the entry chunk.
 */
export function toast(content: string, duration = TOAST_MS): void {
  void load().then((m) => {
    m.showToast(content, duration);
  });
}

export async function alertDialog(title: string, content: string): Promise<void> {
  const m = await load();
  await m.showAlert(title, content);
}

export async function confirmDialog(title: string, content: string): Promise<boolean> {
  const m = await load();
  return m.showConfirm(title, content);
}

export function prefetchFeedback(): void {
  void load();
}
