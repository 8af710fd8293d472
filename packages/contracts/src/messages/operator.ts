import type { Texts } from './texts';

/** Base operators: device management, earnings, cash-out and the console's cash-out processing (issue 6). */
export const OPERATOR_MESSAGES = {
  // Validation
  'v.cashoutAmount': {
    en: 'Please enter the amount',
    ja: '金額を入力してください',
    'zh-CN': '请输入提现金额',
    'zh-TW': '請輸入提現金額',
  },
  'v.bank': {
    en: 'Please enter the bank',
    ja: '銀行名を入力してください',
    'zh-CN': '请输入开户银行',
    'zh-TW': '請輸入開戶銀行',
  },
  'v.cardNumber': {
    en: 'Please enter the card number',
    ja: 'カード番号を入力してください',
    'zh-CN': '请输入银行卡号',
    'zh-TW': '請輸入銀行卡號',
  },
  'v.cardNumberFormat': {
    en: 'The card number is not valid, please check it',
    ja: 'カード番号が正しくありません。ご確認ください',
    'zh-CN': '银行卡号有误，请检查',
    'zh-TW': '銀行卡號有誤，請檢查',
  },
  'v.cardHolder': {
    en: 'Please enter the account holder',
    ja: '口座名義を入力してください',
    'zh-CN': '请输入持卡人姓名',
    'zh-TW': '請輸入持卡人姓名',
  },
  'v.cashoutNote': {
    en: 'Please enter the reason',
    ja: '理由を入力してください',
    'zh-CN': '请输入原因',
    'zh-TW': '請輸入原因',
  },
  'v.cashoutSettings': {
    en: 'Please enter a whole number in range',
    ja: '範囲内の整数を入力してください',
    'zh-CN': '请输入范围内的整数',
    'zh-TW': '請輸入範圍內的整數',
  },
  'v.cashoutStep': {
    en: 'Must be a whole number of coins (a multiple of the coin value)',
    ja: 'コインの整数倍（コイン単価の倍数）にしてください',
    'zh-CN': '须为整数个币（币值的整数倍）',
    'zh-TW': '須為整數個幣（幣值的整數倍）',
  },
  'v.cashoutFee': {
    en: 'The fee at the minimum amount must be less than the amount',
    ja: '最低金額での手数料は金額より少なくしてください',
    'zh-CN': '最低提现金额的手续费须小于该金额',
    'zh-TW': '最低提現金額的手續費須小於該金額',
  },
  // Errors
  'error.not_operator': {
    en: 'Only base operators can use device management and cash-out',
    ja: '設備管理と出金は基地の運営者のみ利用できます',
    'zh-CN': '仅基地运营者可使用设备管理和提现',
    'zh-TW': '僅基地營運者可使用設備管理和提現',
  },
  'error.cashout_below_minimum': {
    en: 'The minimum cash-out amount is {min}',
    ja: '最低出金額は{min}です',
    'zh-CN': '最低提现金额为{min}',
    'zh-TW': '最低提現金額為{min}',
  },
  'error.cashout_insufficient_earnings': {
    en: 'The amount exceeds your available earnings ({available})',
    ja: '金額が出金可能な収益（{available}）を超えています',
    'zh-CN': '提现金额超过可提现收益（{available}）',
    'zh-TW': '提現金額超過可提現收益（{available}）',
  },
  'error.cashout_amount_step': {
    en: 'The amount must be a multiple of {step}',
    ja: '金額は{step}の倍数にしてください',
    'zh-CN': '提现金额须为{step}的整数倍',
    'zh-TW': '提現金額須為{step}的整數倍',
  },
  'error.cashout_fee_exceeds_amount': {
    en: 'The amount does not cover the fee',
    ja: '金額が手数料に足りません',
    'zh-CN': '提现金额不足以支付手续费',
    'zh-TW': '提現金額不足以支付手續費',
  },
  'error.cashout_status_changed': {
    en: 'This cash-out’s status does not allow that now, please refresh',
    ja: 'この出金の現在の状態ではその操作はできません。更新してください',
    'zh-CN': '该提现当前状态不允许此操作，请刷新',
    'zh-TW': '該提現目前狀態不允許此操作，請重新整理',
  },
  'error.cashout_key_reused': {
    en: 'This request was already sent with other details, please try again',
    ja: 'この申請は別の内容で送信済みです。もう一度お試しください',
    'zh-CN': '该申请已以其他内容提交，请重试',
    'zh-TW': '該申請已以其他內容提交，請重試',
  },
  // Success notices
  'ok.cashoutApplied': {
    en: 'Submitted, waiting for review',
    ja: '申請しました。審査をお待ちください',
    'zh-CN': '提现申请已提交，等待审核',
    'zh-TW': '提現申請已提交，等待審核',
  },
  'ok.cashoutClaimed': { en: 'Received', ja: '受け取りました', 'zh-CN': '已确认收款', 'zh-TW': '已確認收款' },
  'ok.cashoutReview': { en: 'Under review', ja: '審査中にしました', 'zh-CN': '已开始审核', 'zh-TW': '已開始審核' },
  'ok.cashoutApprove': { en: 'Approved', ja: '承認しました', 'zh-CN': '已通过', 'zh-TW': '已通過' },
  'ok.cashoutReject': { en: 'Rejected', ja: '却下しました', 'zh-CN': '已驳回', 'zh-TW': '已駁回' },
  'ok.cashoutTransferred': {
    en: 'Marked as transferred',
    ja: '送金済みにしました',
    'zh-CN': '已标记为已转账',
    'zh-TW': '已標記為已轉帳',
  },
  'ok.cashoutFailed': {
    en: 'Marked as transfer failed',
    ja: '送金失敗にしました',
    'zh-CN': '已标记为转账失败',
    'zh-TW': '已標記為轉帳失敗',
  },
  'ok.cashoutSucceeded': {
    en: 'Marked as successful',
    ja: '成功にしました',
    'zh-CN': '已标记为成功',
    'zh-TW': '已標記為成功',
  },
  'ok.cashoutExpired': {
    en: 'Marked as expired',
    ja: '期限切れにしました',
    'zh-CN': '已标记为已过期',
    'zh-TW': '已標記為已過期',
  },
  // Texts clients show: the statuses by id
  'cashout.status.applying': { en: 'Pending', ja: '申請中', 'zh-CN': '申请中', 'zh-TW': '申請中' },
  'cashout.status.0': { en: 'Under Review', ja: '審査中', 'zh-CN': '审核中', 'zh-TW': '審核中' },
  'cashout.status.1': { en: 'Processing', ja: '処理中', 'zh-CN': '处理中', 'zh-TW': '處理中' },
  'cashout.status.2': { en: 'Ready to Claim', ja: '受取待ち', 'zh-CN': '待领取', 'zh-TW': '待領取' },
  'cashout.status.3': { en: 'Expired', ja: '期限切れ', 'zh-CN': '已过期', 'zh-TW': '已過期' },
  'cashout.status.4': { en: 'Transfer Failed', ja: '送金失敗', 'zh-CN': '转账失败', 'zh-TW': '轉帳失敗' },
  'cashout.status.5': { en: 'Successful', ja: '成功', 'zh-CN': '成功', 'zh-TW': '成功' },
  'cashout.status.6': { en: 'Rejected', ja: '却下', 'zh-CN': '已驳回', 'zh-TW': '已駁回' },
} as const satisfies Record<string, Texts>;
