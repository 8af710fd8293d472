import type { Locale } from '@petheart/contracts';
// The app's own dialog chunk (shared/ui/feedback.ts loads it too), not antd-mobile afresh: the same chunks.
import { showConfirm } from '../../shared/ui/feedback-impl';

interface PwaStrings {
  update: { title: string; body: string; reload: string; later: string };
}

/** src/locales/<locale>/pwa.json: the same chunks the app's i18n loads for the namespace `pwa`. */
const files = import.meta.glob<{ default: PwaStrings }>('../../locales/*/pwa.json');

/**
 * "A new version is ready", with Reload and Later: true when the user chose Reload. Outside React (the page
 * may be anywhere in the app when a new worker is found), in the language the app shows.
 */
export async function announceUpdate(locale: Locale): Promise<boolean> {
  const load = files[`../../locales/${locale}/pwa.json`] ?? files['../../locales/en/pwa.json'];
  if (!load) return false;
  const { update } = (await load()).default;
  return showConfirm(update.title, update.body, { confirmText: update.reload, cancelText: update.later });
}
