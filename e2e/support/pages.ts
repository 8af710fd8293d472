import type { Browser, Page } from '@playwright/test';

/**
 * A phone-sized page (375×812, touch) in `language`, stored as the app's setting stores it; signed in with
 * `token` when given (as the login page leaves it); `permissions` such as the clipboard, as on a phone.
 */
export async function phonePage(
  browser: Browser,
  baseURL: string,
  o: { language?: string; token?: string; permissions?: string[] } = {},
): Promise<Page> {
  const language = o.language ?? 'en';
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: language === 'en' ? 'en-US' : language,
    ...(o.permissions ? { permissions: o.permissions } : {}),
  });
  await context.addInitScript(
    ([token, lang]) => {
      if (token) localStorage.setItem('token', token);
      localStorage.setItem('language', lang);
    },
    [o.token ?? '', language] as const,
  );
  return context.newPage();
}
