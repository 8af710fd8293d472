import type { Texts } from './texts';

/** Success notices and mail texts. */
export const NOTICE_MESSAGES = {
  // Success messages
  'ok.default': { en: 'OK', ja: 'OK', 'zh-CN': '成功', 'zh-TW': '成功' },
  'ok.codeSent': {
    en: 'The auth code has been sent',
    ja: '認証コードを送信しました',
    'zh-CN': '验证码已发送',
    'zh-TW': '驗證碼已發送',
  },
  'ok.registered': { en: 'Registered successfully', ja: '登録しました', 'zh-CN': '注册成功', 'zh-TW': '註冊成功' },
  'ok.loggedIn': { en: 'Logged in successfully', ja: 'ログインしました', 'zh-CN': '登录成功', 'zh-TW': '登入成功' },
  'ok.loggedOut': { en: 'Logged out', ja: 'ログアウトしました', 'zh-CN': '已退出登录', 'zh-TW': '已登出' },
  'ok.passwordReset': {
    en: 'Password reset successfully',
    ja: 'パスワードを再設定しました',
    'zh-CN': '密码重置成功',
    'zh-TW': '密碼重設成功',
  },
  'ok.saved': { en: 'Saved', ja: '保存しました', 'zh-CN': '已保存', 'zh-TW': '已儲存' },
  'ok.userDisabled': {
    en: 'Account disabled',
    ja: 'アカウントを無効化しました',
    'zh-CN': '账号已禁用',
    'zh-TW': '帳號已停用',
  },
  'ok.userEnabled': {
    en: 'Account enabled',
    ja: 'アカウントを有効化しました',
    'zh-CN': '账号已启用',
    'zh-TW': '帳號已啟用',
  },
  'ok.baseCreated': { en: 'Base created', ja: '拠点を作成しました', 'zh-CN': '基地已创建', 'zh-TW': '基地已建立' },
  'ok.deviceProvisioned': {
    en: 'Device added. Copy the secret now: it is shown only once',
    ja: 'デバイスを追加しました。シークレットは一度しか表示されないので、今すぐコピーしてください',
    'zh-CN': '设备已添加。请立即复制密钥：它只显示这一次',
    'zh-TW': '設備已新增。請立即複製密鑰：它只顯示這一次',
  },
  'ok.secretRotated': {
    en: 'New secret issued. Copy it now: it is shown only once, and the old one no longer works',
    ja: '新しいシークレットを発行しました。一度しか表示されないので今すぐコピーしてください。古いものは使えなくなりました',
    'zh-CN': '已生成新密钥。请立即复制：它只显示这一次，旧密钥已失效',
    'zh-TW': '已產生新密鑰。請立即複製：它只顯示這一次，舊密鑰已失效',
  },
  'ok.deviceDisabled': {
    en: 'Device disabled',
    ja: 'デバイスを無効化しました',
    'zh-CN': '设备已停用',
    'zh-TW': '設備已停用',
  },
  'ok.deviceEnabled': {
    en: 'Device enabled',
    ja: 'デバイスを有効化しました',
    'zh-CN': '设备已启用',
    'zh-TW': '設備已啟用',
  },
  'ok.ledgerChecked': {
    en: 'Ledger checked',
    ja: '台帳をチェックしました',
    'zh-CN': '账本已检查',
    'zh-TW': '帳本已檢查',
  },
  'ok.uploaded': { en: 'Uploaded', ja: 'アップロードしました', 'zh-CN': '上传成功', 'zh-TW': '上傳成功' },
  'ok.clipSaved': {
    en: 'Clip saved',
    ja: 'クリップを保存しました',
    'zh-CN': '片段已保存',
    'zh-TW': '片段已儲存',
  },
  'ok.clipPublished': {
    en: 'Clip published',
    ja: 'クリップを公開しました',
    'zh-CN': '片段已发布',
    'zh-TW': '片段已發佈',
  },
  // Live room
  'ok.followed': { en: 'Following', ja: 'フォローしました', 'zh-CN': '已关注', 'zh-TW': '已關注' },
  'ok.unfollowed': { en: 'Unfollowed', ja: 'フォローを解除しました', 'zh-CN': '已取消关注', 'zh-TW': '已取消關注' },
  'ok.fanJoined': {
    en: 'Welcome to the fan group',
    ja: 'ファングループに参加しました',
    'zh-CN': '已加入粉丝团',
    'zh-TW': '已加入粉絲團',
  },
  'ok.commentSent': { en: 'Sent', ja: '送信しました', 'zh-CN': '发送成功', 'zh-TW': '發送成功' },
  'ok.reportSent': {
    en: 'Thank you, your report has been submitted',
    ja: 'ご報告ありがとうございます。送信しました',
    'zh-CN': '感谢反馈，问题已提交',
    'zh-TW': '感謝回報，問題已提交',
  },
  // Mail
  'mail.codeSubject': {
    en: 'Your PetHeart auth code',
    ja: 'PetHeart 認証コード',
    'zh-CN': 'PetHeart 验证码',
    'zh-TW': 'PetHeart 驗證碼',
  },
  'mail.codeBody': {
    en: 'Your auth code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this mail.',
    ja: '認証コードは {code} です。10分間有効です。お心当たりのない場合はこのメールを無視してください。',
    'zh-CN': '您的验证码是 {code}，10分钟内有效。如非本人操作，请忽略此邮件。',
    'zh-TW': '您的驗證碼是 {code}，10分鐘內有效。如非本人操作，請忽略此郵件。',
  },
  // The feed (its outcome, told to the user who fed)
  'ok.feedQueued': {
    en: 'Your food is on its way',
    ja: 'ごはんを届けています',
    'zh-CN': '粮食正在路上',
    'zh-TW': '飼料正在路上',
  },
  'feed.notCharged': {
    en: 'You were not charged.',
    ja: '料金はかかっていません。',
    'zh-CN': '未扣除爱心币。',
    'zh-TW': '未扣除愛心幣。',
  },
  'feed.reason.jammed': {
    en: 'The feeder jammed and no food fell.',
    ja: 'フィーダーが詰まり、ごはんが出ませんでした。',
    'zh-CN': '喂食器卡住了，粮食没有落下。',
    'zh-TW': '餵食器卡住了，飼料沒有落下。',
  },
  'feed.reason.empty': {
    en: 'The feeder is out of food.',
    ja: 'フィーダーのごはんがなくなりました。',
    'zh-CN': '喂食器里没有粮食了。',
    'zh-TW': '餵食器裡沒有飼料了。',
  },
  'feed.reason.failed': {
    en: 'The feeder could not dispense.',
    ja: 'フィーダーがごはんを出せませんでした。',
    'zh-CN': '喂食器未能出粮。',
    'zh-TW': '餵食器未能出糧。',
  },
  'feed.reason.timeout': {
    en: 'The feeder did not answer in time.',
    ja: 'フィーダーから時間内に応答がありませんでした。',
    'zh-CN': '喂食器未能及时响应。',
    'zh-TW': '餵食器未能及時回應。',
  },
  'feed.reason.offline': {
    en: 'The feeder went offline.',
    ja: 'フィーダーがオフラインになりました。',
    'zh-CN': '喂食器已离线。',
    'zh-TW': '餵食器已離線。',
  },
} as const satisfies Record<string, Texts>;
