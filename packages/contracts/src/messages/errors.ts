import type { Texts } from './texts';

/** One message per error id (`error.<id>`). */
export const ERROR_MESSAGES = {
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
  'error.feeder_offline': {
    en: 'Feeder offline, operation not available at the moment.',
    ja: 'フィーダーがオフラインのため、現在この操作はできません。',
    'zh-CN': '喂食器离线，暂时无法操作。',
    'zh-TW': '餵食器離線，暫時無法操作。',
  },
  'error.camera_offline': {
    en: 'Camera offline, operation not available at the moment.',
    ja: 'カメラがオフラインのため、現在この操作はできません。',
    'zh-CN': '摄像头离线，暂时无法操作。',
    'zh-TW': '攝影機離線，暫時無法操作。',
  },
  'error.clip_unavailable': {
    en: 'No recent video to record yet, please try again in a moment',
    ja: '録画できる直近の映像がまだありません。しばらくしてからお試しください',
    'zh-CN': '暂无可录制的直播画面，请稍后再试',
    'zh-TW': '暫無可錄製的直播畫面，請稍後再試',
  },
  'error.comment_too_fast': {
    en: 'You are commenting too fast, please wait a moment',
    ja: 'コメントの投稿が速すぎます。少し待ってください',
    'zh-CN': '评论太频繁，请稍后再试',
    'zh-TW': '留言太頻繁，請稍後再試',
  },
} as const satisfies Record<string, Texts>;
