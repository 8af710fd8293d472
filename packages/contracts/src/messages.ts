import type { Locale } from './locale-tags';
import { FALLBACK_LOCALE } from './locale-tags';

type Texts = Record<Locale, string>;

/**
 * Every message that crosses the API boundary, in all four languages. Schemas name these keys as
 * their error messages, so the server and the web app show the same words. The English (and, where
 * the specification gives them, Chinese) texts are the specification's own.
 */
export const MESSAGES = {
  // Validation (the specification's prompts)
  'v.account': {
    en: 'Please enter your login account',
    ja: 'ログインアカウントを入力してください',
    'zh-CN': '请输入登录账号',
    'zh-TW': '請輸入登入帳號',
  },
  'v.password': {
    en: 'Please enter the password',
    ja: 'パスワードを入力してください',
    'zh-CN': '请输入密码',
    'zh-TW': '請輸入密碼',
  },
  'v.passwordAgain': {
    en: 'Please enter the password again',
    ja: 'パスワードをもう一度入力してください',
    'zh-CN': '请再次输入密码',
    'zh-TW': '請再次輸入密碼',
  },
  'v.passwordMismatch': {
    en: 'The two password entries are inconsistent',
    ja: '2回入力したパスワードが一致しません',
    'zh-CN': '两次输入的密码不一致',
    'zh-TW': '兩次輸入的密碼不一致',
  },
  'v.newPassword': {
    en: 'Please enter the new password',
    ja: '新しいパスワードを入力してください',
    'zh-CN': '请输入新密码',
    'zh-TW': '請輸入新密碼',
  },
  'v.newPasswordAgain': {
    en: 'Please enter the new password again',
    ja: '新しいパスワードをもう一度入力してください',
    'zh-CN': '请再次输入新密码',
    'zh-TW': '請再次輸入新密碼',
  },
  'v.code': {
    en: 'Please enter the auth code',
    ja: '認証コードを入力してください',
    'zh-CN': '请输入验证码',
    'zh-TW': '請輸入驗證碼',
  },
  'v.agreement': {
    en: 'Please check the relevant agreements first',
    ja: '先に関連規約に同意してください',
    'zh-CN': '请先勾选相关协议',
    'zh-TW': '請先勾選相關協議',
  },
  'v.email': {
    en: 'Please enter the email',
    ja: 'メールアドレスを入力してください',
    'zh-CN': '请输入邮箱',
    'zh-TW': '請輸入電子郵件',
  },
  'v.mobile': {
    en: 'Please enter the mobile number',
    ja: '携帯電話番号を入力してください',
    'zh-CN': '请输入手机号',
    'zh-TW': '請輸入手機號碼',
  },
  'v.comment': {
    en: 'Please enter the comment',
    ja: 'コメントを入力してください',
    'zh-CN': '请输入评论',
    'zh-TW': '請輸入評論',
  },
  'v.content': {
    en: 'Please enter the content',
    ja: '内容を入力してください',
    'zh-CN': '请输入内容',
    'zh-TW': '請輸入內容',
  },
  'v.device': {
    en: 'Please select the device',
    ja: 'デバイスを選択してください',
    'zh-CN': '请选择设备',
    'zh-TW': '請選擇設備',
  },
  'v.enter': { en: 'Please enter', ja: '入力してください', 'zh-CN': '请输入', 'zh-TW': '請輸入' },
  'v.select': { en: 'Please select', ja: '選択してください', 'zh-CN': '请选择', 'zh-TW': '請選擇' },
  'v.emailFormat': {
    en: 'Please enter a valid email address',
    ja: '正しいメールアドレスを入力してください',
    'zh-CN': '请输入正确的邮箱地址',
    'zh-TW': '請輸入正確的電子郵件地址',
  },
  'v.mobileFormat': {
    en: 'Please enter a valid mobile number',
    ja: '正しい携帯電話番号を入力してください',
    'zh-CN': '请输入正确的手机号',
    'zh-TW': '請輸入正確的手機號碼',
  },
  'v.passwordLength': {
    en: 'The password must be 6 to 64 characters',
    ja: 'パスワードは6〜64文字にしてください',
    'zh-CN': '密码长度须为6到64个字符',
    'zh-TW': '密碼長度須為6到64個字元',
  },
  'v.codeFormat': {
    en: 'The auth code is 6 digits',
    ja: '認証コードは6桁の数字です',
    'zh-CN': '验证码为6位数字',
    'zh-TW': '驗證碼為6位數字',
  },
  'v.nickname': {
    en: 'The nickname must be 1 to 30 characters',
    ja: 'ニックネームは1〜30文字にしてください',
    'zh-CN': '昵称长度须为1到30个字符',
    'zh-TW': '暱稱長度須為1到30個字元',
  },
  'v.tooLong': { en: 'The text is too long', ja: 'テキストが長すぎます', 'zh-CN': '内容过长', 'zh-TW': '內容過長' },
  'v.invalid': {
    en: 'Invalid input',
    ja: '入力内容が正しくありません',
    'zh-CN': '输入内容有误',
    'zh-TW': '輸入內容有誤',
  },
  'v.invalidField': {
    en: 'Invalid input: {field}',
    ja: '入力内容が正しくありません：{field}',
    'zh-CN': '输入内容有误：{field}',
    'zh-TW': '輸入內容有誤：{field}',
  },
  'v.avatar': {
    en: 'Please upload the avatar again',
    ja: 'アバターをもう一度アップロードしてください',
    'zh-CN': '请重新上传头像',
    'zh-TW': '請重新上傳頭像',
  },
  'v.url': {
    en: 'Please enter a valid address',
    ja: '正しいアドレスを入力してください',
    'zh-CN': '请输入正确的地址',
    'zh-TW': '請輸入正確的地址',
  },
  'v.tooFrequent': {
    en: 'Please do not operate so frequently',
    ja: '操作が頻繁すぎます。しばらくお待ちください',
    'zh-CN': '请勿频繁操作',
    'zh-TW': '請勿頻繁操作',
  },
  'v.tooMany': { en: 'Too many items', ja: '項目が多すぎます', 'zh-CN': '数量过多', 'zh-TW': '數量過多' },
  'v.baseName': {
    en: 'Please enter the base name',
    ja: '拠点名を入力してください',
    'zh-CN': '请输入基地名称',
    'zh-TW': '請輸入基地名稱',
  },
  'v.address': {
    en: 'Please enter the address',
    ja: '住所を入力してください',
    'zh-CN': '请输入地址',
    'zh-TW': '請輸入地址',
  },
  'v.latitude': {
    en: 'Please enter a latitude from -90 to 90',
    ja: '緯度は-90〜90で入力してください',
    'zh-CN': '请输入-90到90之间的纬度',
    'zh-TW': '請輸入-90到90之間的緯度',
  },
  'v.longitude': {
    en: 'Please enter a longitude from -180 to 180',
    ja: '経度は-180〜180で入力してください',
    'zh-CN': '请输入-180到180之间的经度',
    'zh-TW': '請輸入-180到180之間的經度',
  },
  'v.animalCount': {
    en: 'Please enter the number of animals (0 or more)',
    ja: '動物の数（0以上）を入力してください',
    'zh-CN': '请输入动物数量（0或以上）',
    'zh-TW': '請輸入動物數量（0或以上）',
  },
  'v.base': {
    en: 'Please select the base',
    ja: '拠点を選択してください',
    'zh-CN': '请选择基地',
    'zh-TW': '請選擇基地',
  },
  'v.deviceName': {
    en: 'Please enter the device name',
    ja: 'デバイス名を入力してください',
    'zh-CN': '请输入设备名称',
    'zh-TW': '請輸入設備名稱',
  },
  'v.deviceId': {
    en: 'The device ID must be 3 to 64 letters, digits, _ or -',
    ja: 'デバイスIDは英数字・_・-の3〜64文字にしてください',
    'zh-CN': '设备ID须为3到64位字母、数字、_或-',
    'zh-TW': '設備ID須為3到64位字母、數字、_或-',
  },
  'v.revenueShare': {
    en: 'The revenue share rate must be from 0% to 100%',
    ja: '収益分配率は0%〜100%にしてください',
    'zh-CN': '分成比例须在0%到100%之间',
    'zh-TW': '分成比例須在0%到100%之間',
  },
  // Client-side failures (no error id: the request never got an answer)
  'net.timeout': { en: 'Timeout', ja: 'タイムアウトしました', 'zh-CN': '服务器繁忙', 'zh-TW': '伺服器繁忙' },
  'net.failed': {
    en: 'Network failure, please check your connection',
    ja: 'ネットワークに接続できません。接続を確認してください',
    'zh-CN': '网络连接失败，请检查网络',
    'zh-TW': '網路連線失敗，請檢查網路',
  },
  'ui.tips': { en: 'Tips', ja: 'ヒント', 'zh-CN': '提示', 'zh-TW': '提示' },
  // Errors (one per error id)
  'error.validation_failed': {
    en: 'Invalid input',
    ja: '入力内容が正しくありません',
    'zh-CN': '输入内容有误',
    'zh-TW': '輸入內容有誤',
  },
  'error.login_required': {
    en: 'Please log in first',
    ja: '先にログインしてください',
    'zh-CN': '请先登录',
    'zh-TW': '請先登入',
  },
  'error.login_expired': {
    en: 'Login expired',
    ja: 'ログインの有効期限が切れました',
    'zh-CN': '登录已过期',
    'zh-TW': '登入已過期',
  },
  'error.forbidden': {
    en: 'You do not have permission to do this',
    ja: 'この操作を行う権限がありません',
    'zh-CN': '没有权限执行此操作',
    'zh-TW': '沒有權限執行此操作',
  },
  'error.not_found': { en: '404', ja: '404', 'zh-CN': '404', 'zh-TW': '404' },
  'error.rate_limited': {
    en: 'Too many requests, please try again later',
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください',
    'zh-CN': '请求过于频繁，请稍后再试',
    'zh-TW': '請求過於頻繁，請稍後再試',
  },
  'error.too_many_attempts': {
    en: 'Too many failed attempts, please try again in {seconds} s',
    ja: '失敗が多すぎます。{seconds}秒後に再度お試しください',
    'zh-CN': '失败次数过多，请{seconds}秒后再试',
    'zh-TW': '失敗次數過多，請{seconds}秒後再試',
  },
  'error.payload_too_large': {
    en: 'The request is too large',
    ja: 'リクエストが大きすぎます',
    'zh-CN': '请求内容过大',
    'zh-TW': '請求內容過大',
  },
  'error.internal': {
    en: 'Server busy, please try again later',
    ja: 'サーバーが混み合っています。しばらくしてから再度お試しください',
    'zh-CN': '服务器繁忙，请稍后再试',
    'zh-TW': '伺服器繁忙，請稍後再試',
  },
  'error.account_exists': {
    en: 'This email is already registered',
    ja: 'このメールアドレスは既に登録されています',
    'zh-CN': '该邮箱已被注册',
    'zh-TW': '該電子郵件已被註冊',
  },
  'error.mobile_exists': {
    en: 'This mobile number is already in use',
    ja: 'この携帯電話番号は既に使用されています',
    'zh-CN': '该手机号已被使用',
    'zh-TW': '該手機號碼已被使用',
  },
  'error.invalid_credentials': {
    en: 'Incorrect account or password',
    ja: 'アカウントまたはパスワードが正しくありません',
    'zh-CN': '账号或密码错误',
    'zh-TW': '帳號或密碼錯誤',
  },
  'error.account_disabled': {
    en: 'This account has been disabled',
    ja: 'このアカウントは無効化されています',
    'zh-CN': '该账号已被禁用',
    'zh-TW': '該帳號已被停用',
  },
  'error.code_invalid': {
    en: 'The auth code is incorrect or has expired',
    ja: '認証コードが正しくないか、有効期限が切れています',
    'zh-CN': '验证码错误或已过期',
    'zh-TW': '驗證碼錯誤或已過期',
  },
  'error.code_unavailable': {
    en: 'The auth code could not be sent, please try again later',
    ja: '認証コードを送信できませんでした。しばらくしてから再度お試しください',
    'zh-CN': '验证码发送失败，请稍后再试',
    'zh-TW': '驗證碼發送失敗，請稍後再試',
  },
  'error.upload_invalid_type': {
    en: 'Only JPEG, PNG or WebP images can be uploaded',
    ja: 'アップロードできるのはJPEG、PNG、WebP画像のみです',
    'zh-CN': '仅支持上传 JPEG、PNG 或 WebP 图片',
    'zh-TW': '僅支援上傳 JPEG、PNG 或 WebP 圖片',
  },
  'error.upload_too_large': {
    en: 'The image is too large',
    ja: '画像が大きすぎます',
    'zh-CN': '图片过大',
    'zh-TW': '圖片過大',
  },
  'error.upload_failed': {
    en: 'Upload failed',
    ja: 'アップロードに失敗しました',
    'zh-CN': '上传失败',
    'zh-TW': '上傳失敗',
  },
  'error.oauth_not_configured': {
    en: 'This sign-in method is not available',
    ja: 'このログイン方法は利用できません',
    'zh-CN': '该登录方式不可用',
    'zh-TW': '該登入方式不可用',
  },
  'error.oauth_failed': {
    en: 'Sign-in failed, please try again',
    ja: 'ログインに失敗しました。もう一度お試しください',
    'zh-CN': '登录失败，请重试',
    'zh-TW': '登入失敗，請重試',
  },
  'error.device_exists': {
    en: 'This device ID is already in use',
    ja: 'このデバイスIDは既に使用されています',
    'zh-CN': '该设备ID已被使用',
    'zh-TW': '該設備ID已被使用',
  },
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
  'ok.uploaded': { en: 'Uploaded', ja: 'アップロードしました', 'zh-CN': '上传成功', 'zh-TW': '上傳成功' },
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
} as const satisfies Record<string, Texts>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

/** Translates a message key; `{name}` placeholders are filled from params. Unknown keys come back as is. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const texts: Texts | undefined = isMessageKey(key) ? MESSAGES[key] : undefined;
  const text = texts ? texts[locale] || texts[FALLBACK_LOCALE] : key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
