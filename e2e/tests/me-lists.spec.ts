import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  LiveDetailSchema,
  SupportEventDetailSchema,
  SupportEventListDataSchema,
  type Locale,
} from '@petheart/contracts';
import { expect, snap, test, uniqueEmail } from '../support/fixtures';
import { callApi, rechargeByApi, registerByApi } from '../support/api';
import { loginByApi } from '../support/devices';
import { phonePage } from '../support/pages';

/** The newest text message the API's outbox holds for `mobile` (the SMS edge in simulation: DATA_DIR/outbox/sms). */
async function smsCode(mobile: string): Promise<string> {
  const dir = path.join(process.env.PETHEART_E2E_DATA_DIR ?? '', 'outbox', 'sms');
  let code = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith(`-${mobile}.txt`)).sort();
        const last = names.at(-1);
        code = last ? (/\b(\d{6})\b/.exec(await readFile(path.join(dir, last), 'utf8'))?.[1] ?? '') : '';
        return code;
      },
      { timeout: 15_000, message: `a code texted to ${mobile}` },
    )
    .not.toBe('');
  return code;
}

/**
 * Issue 29 §5 in Japanese (and Simplified Chinese for the second look): Me → the rooms followed, the fan groups
 * and the support history; a base written in English is marked so on its page, a base translated into Japanese
 * is not; the mobile number set with a texted code.
 */
test('Me lists follows, fan groups and support history; operator texts show their language', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const email = uniqueEmail('me-lists');
  await registerByApi(url, email, 'secret-pass');
  const token = await loginByApi(url, email, 'secret-pass');
  const bund = LiveDetailSchema.parse((await callApi(url, '/live/detail', { device_id: 'PH-0001' })).data).base;
  const yanaka = LiveDetailSchema.parse((await callApi(url, '/live/detail', { device_id: 'PH-0007' })).data).base;
  for (const deviceId of ['PH-0007', 'PH-0001']) {
    expect((await callApi(url, '/live/follow', { device_id: deviceId }, token)).code).toBe(1);
  }
  expect((await callApi(url, '/live/fans/join', { device_id: 'PH-0001' }, token)).code).toBe(1);
  await rechargeByApi(url, token);
  const [event] = SupportEventListDataSchema.parse((await callApi(url, '/support/events', {})).data).list;
  if (!event) throw new Error('the demo has a support event');
  const [item] = SupportEventDetailSchema.parse((await callApi(url, '/support/event', { id: event.id })).data).items;
  const given = await callApi(
    url,
    '/support/give',
    { item_id: item?.id, points: 1, idempotency_key: `e2e-${randomUUID()}` },
    token,
  );
  expect(given.code, given.msg).toBe(1);

  const look = async (language: Locale, t: Record<'follows' | 'fans' | 'support' | 'english', string>) => {
    const page = await phonePage(browser, url, { token, language });
    await page.goto('/pages/mine/mine');
    await page.getByRole('button', { name: t.follows, exact: true }).click();
    await expect(page).toHaveURL('/pages/mine/follows');
    const rooms = page.getByTestId('mine-room');
    await expect(rooms).toHaveCount(2);
    // Newest follow first; the Bund base was written in English: marked for this reader.
    await expect(rooms.first()).toContainText(bund.name);
    await expect(rooms.first().getByTestId('lang-tag')).toHaveAttribute('data-lang', 'en');
    await expect(rooms.first().getByTestId('lang-tag')).toContainText(t.english);
    await snap(page, 'me-follows', language);

    await page.goBack();
    await page.getByRole('button', { name: t.fans, exact: true }).click();
    await expect(page.getByTestId('fan-level')).toContainText('Lv.1');
    await snap(page, 'me-fans', language);

    await page.goBack();
    await page.getByRole('button', { name: t.support, exact: true }).click();
    const gift = page.getByTestId('mine-gift');
    await expect(gift).toHaveCount(1);
    await expect(gift).toContainText(event.title);
    await expect(gift.getByTestId('lang-tag')).toContainText(t.english);
    await snap(page, 'me-support', language);
    await gift.click();
    await expect(page).toHaveURL(`/pages/beneficence/detail?id=${String(event.id)}`);

    await page.goto(`/pages/baseDetail/baseDetail?id=${String(bund.id)}`);
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(bund.name) }).getByTestId('lang-tag'),
    ).toContainText(t.english);
    await snap(page, 'base-lang-tag', language);
    return page;
  };

  const ja = await look('ja', { follows: 'フォロー中', fans: 'ファングループ', support: '支援履歴', english: '英語' });
  // The Tokyo base has a Japanese translation: its own name, no tag.
  await ja.goto(`/pages/baseDetail/baseDetail?id=${String(yanaka.id)}`);
  const name = ja.getByRole('heading', { level: 2, name: '谷中ねこ通り' });
  await expect(name).toBeVisible();
  await expect(name.getByTestId('lang-tag')).toHaveCount(0);

  // The mobile number, set with the code texted to it.
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await ja.goto('/pages/mine/userinfo');
  await ja.getByText('携帯電話番号', { exact: true }).click();
  const form = ja.getByRole('form', { name: '携帯電話番号を設定' });
  await form.getByLabel('携帯電話番号').fill(mobile);
  await form.getByRole('button', { name: 'コードを送信' }).click();
  await form.getByLabel('認証コード').fill(await smsCode(mobile));
  await form.getByRole('button', { name: '保存' }).click();
  await expect(ja.getByTestId('userinfo-mobile')).toHaveText(mobile);
  await snap(ja, 'me-mobile', 'ja');
  await ja.context().close();

  const zh = await look('zh-CN', { follows: '我的关注', fans: '粉丝团', support: '支援记录', english: '英语' });
  await zh.context().close();
});
