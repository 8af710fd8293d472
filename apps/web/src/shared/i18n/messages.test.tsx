import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createI18n } from './createI18n';
import { hasMessages, loadMessages } from './messages';
import { useLanguage, useMessage, LanguageProvider } from '.';

function Probe() {
  const message = useMessage();
  const language = useLanguage();
  return (
    <>
      <p data-testid="text">{message('v.password')}</p>
      <p data-testid="plain">{message('Not a key: kept.')}</p>
      <button
        type="button"
        onClick={() => {
          language.setPreference('ja');
        }}
      >
        ja
      </button>
    </>
  );
}

describe('contracts messages (namespace `messages`)', () => {
  it('loads only the current language, with i18next placeholders and the fallback text baked in', async () => {
    const i18n = createI18n('ja');
    await loadMessages(i18n, 'ja');
    expect(i18n.t('messages:error.too_many_attempts', { seconds: 5 })).toContain('5');
    expect(i18n.t('messages:v.password')).toBe('パスワードを入力してください');
    expect(['en', 'zh-CN', 'zh-TW'].map((l) => i18n.hasResourceBundle(l, 'messages'))).toEqual([false, false, false]);
  });

  it('renders nothing until the language’s texts are in, and loads the other language’s on a switch', async () => {
    localStorage.setItem('language', 'zh-CN');
    const i18n = createI18n('zh-CN');
    const { container } = render(
      <LanguageProvider i18n={i18n}>
        <Probe />
      </LanguageProvider>,
    );
    // never a raw key: the provider waits for the namespace
    if (!hasMessages(i18n, 'zh-CN')) expect(container).toBeEmptyDOMElement();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByTestId('plain')).toHaveTextContent('Not a key: kept.');
    expect(hasMessages(i18n, 'ja')).toBe(false);
    expect(hasMessages(i18n, 'en')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'ja' }));
    // until Japanese arrives the page stays in Chinese; then it switches, <html lang> with it
    expect(screen.getByTestId('text').textContent).toMatch(/^(请输入密码|パスワードを入力してください)$/);
    expect(await screen.findByText('パスワードを入力してください')).toBeInTheDocument();
    expect(hasMessages(i18n, 'ja')).toBe(true);
    expect(document.documentElement.lang).toBe('ja');
    expect(hasMessages(i18n, 'en')).toBe(false);
  });
});
