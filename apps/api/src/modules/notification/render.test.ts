import { describe, expect, it } from 'vitest';
import { LOCALES, NOTIFICATION_KINDS } from '@petheart/contracts';
import { renderNotification } from './render';

describe('renderNotification', () => {
  it('has a title and a body for every kind in every language, with no placeholder left', () => {
    const params = { title: 'T', reason: 'R', status: 2, amount: '¥1.00', name: 'N', device: 'D', coins: 3 };
    for (const locale of LOCALES)
      for (const kind of NOTIFICATION_KINDS) {
        const { title, body } = renderNotification(kind, { ...params, grams: 5, detail: 'camera', posts: 1 }, locale);
        expect(title.trim(), `${locale} ${kind}`).not.toBe('');
        expect(body.trim(), `${locale} ${kind}`).not.toBe('');
        expect(`${title} ${body}`, `${locale} ${kind}`).not.toMatch(/[{}]|notify\./);
      }
  });

  it('renders in the reader’s language, the stored codes in their words', () => {
    expect(renderNotification('post_approved', { title: 'Cats at dawn' }, 'en')).toEqual({
      title: 'Your post was approved',
      body: '"Cats at dawn" is now in the community',
    });
    expect(renderNotification('post_approved', { title: 'Cats at dawn' }, 'ja').title).toBe('投稿が承認されました');
    expect(renderNotification('cashout_status', { status: 2, amount: '¥10.00' }, 'ja').body).toBe(
      '¥10.00の出金は「受取待ち」になりました',
    );
    expect(renderNotification('cashout_status', { status: 'applying', amount: '¥1.00' }, 'en').body).toContain(
      'Pending',
    );
    expect(renderNotification('support_reviewed', { name: 'Shelter', status: 1 }, 'en').body).toBe(
      'Your application for Shelter was approved',
    );
    expect(renderNotification('station_offline', { device: 'Bund', detail: 'camera' }, 'zh-CN').body).toBe(
      'Bund 的摄像头已离线 5 分钟',
    );
  });

  it('adds the reason on a line of its own where the kind has one', () => {
    expect(renderNotification('post_rejected', { title: 'x', reason: 'Blurry photo' }, 'en').body).toBe(
      '"x" was not published. You can edit it and send it again\nReason: Blurry photo',
    );
    expect(renderNotification('support_reviewed', { name: 'S', status: 2, reason: '不足' }, 'zh-TW').body).toBe(
      '你為 S 送出的申請未通過\n原因：不足',
    );
    // No reason, or one given to a kind that has none: nothing added.
    expect(renderNotification('post_rejected', { title: 'x', reason: ' ' }, 'en').body).not.toContain('Reason');
    expect(renderNotification('room_online', { device: 'D', reason: 'r' }, 'en').body).not.toContain('Reason');
  });

  it('leaves nothing for a missing param, and keeps what a user wrote as it is', () => {
    expect(renderNotification('room_online', {}, 'en').title).toBe(' is live again');
    expect(renderNotification('post_approved', { title: 'I wrote {{title}} & <b>' }, 'en').body).toBe(
      '"I wrote {{title}} & <b>" is now in the community',
    );
  });
});
