import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LOCALES, type ConsoleSettings, type Locale } from '@petheart/contracts';
import { PackagesEditor } from '../console/settings/PackagesEditor';
import { PackageGrid } from '../features/money/components/PackageGrid';
import { ApiContext } from '../shared/api/ApiProvider';
import type { ApiClient } from '../shared/api/client';
import { LanguageProvider, createI18n } from '../shared/i18n';
import { formatMoney } from '../shared/format/money';

/** One package whose price shows on the app's recharge page and in the console's settings. */
const PACKAGE = { id: 1, price: 123_456, coins: 12_345, bonus: 0 };
const SETTINGS: ConsoleSettings = { currency: 'CNY', recharge_packages: [PACKAGE], feeding_portions: [] };

/** The console's editor needs an API client to save with; nothing is saved here. */
const NO_API = {} as ApiClient;

function renderIn(locale: Locale, ui: ReactNode) {
  localStorage.setItem('language', locale);
  return render(
    <ApiContext value={NO_API}>
      <LanguageProvider i18n={createI18n(locale)}>{ui}</LanguageProvider>
    </ApiContext>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe.each(LOCALES)('an amount in %s', (locale) => {
  it('prints the same in the app and in the console', async () => {
    const money = formatMoney(PACKAGE.price, 'CNY', locale);

    renderIn(locale, <PackageGrid packages={[PACKAGE]} currency="CNY" selected={null} onSelect={() => undefined} />);
    const app = (await screen.findByRole('radio')).textContent;
    cleanup();

    renderIn(locale, <PackagesEditor settings={SETTINGS} locale={locale} onSaved={() => undefined} />);
    const hint = await screen.findByText((text) => text.includes(' → '));
    const consoleText = hint.textContent.split(' → ')[0];

    expect(consoleText).toBe(money);
    expect(app.endsWith(money)).toBe(true);
    expect(app).toContain(consoleText);
  });
});
