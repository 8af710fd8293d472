import { LANGUAGE_KEY, offlineLocale } from './offline-locale';

/**
 * The offline page's script (/offline.js; the page is offline.html, written at build time by vite-pwa.ts with
 * a section per language, English shown without script): shows the reader's language, retries on demand and
 * by itself once the connection is back.
 */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage blocked
  }
}

const locale = offlineLocale(storedLanguage(), navigator);
document.documentElement.lang = locale;
for (const section of document.querySelectorAll<HTMLElement>('[data-locale]')) {
  section.hidden = section.dataset.locale !== locale;
  if (!section.hidden) document.title = section.querySelector('h1')?.textContent ?? document.title;
}
const retry = () => {
  location.reload();
};
for (const button of document.querySelectorAll('[data-retry]')) button.addEventListener('click', retry);
window.addEventListener('online', retry);
