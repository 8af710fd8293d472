import type { Texts } from './texts';

/** Community posts, comments, search and the console's moderation and report queues. */
export const COMMUNITY_MESSAGES = {
  // Validation ('v.content', 'v.device' and 'v.comment', the specification's prompts, live in validation.ts)
  'v.contentTooLong': {
    en: 'The content can be at most 2000 characters',
    ja: '内容は2000文字以内で入力してください',
    'zh-CN': '内容最多2000个字',
    'zh-TW': '內容最多2000個字',
  },
  'v.commentTooLong': {
    en: 'A comment can be at most 500 characters',
    ja: 'コメントは500文字以内で入力してください',
    'zh-CN': '评论最多500个字',
    'zh-TW': '評論最多500個字',
  },
  'v.postImages': {
    en: 'You can add at most 9 images',
    ja: '画像は9枚まで追加できます',
    'zh-CN': '最多只能添加9张图片',
    'zh-TW': '最多只能新增9張圖片',
  },
  'v.keyword': {
    en: 'Please enter a keyword',
    ja: 'キーワードを入力してください',
    'zh-CN': '请输入关键词',
    'zh-TW': '請輸入關鍵字',
  },
  'v.rejectRemark': {
    en: 'Please enter the reason for rejection',
    ja: '却下の理由を入力してください',
    'zh-CN': '请输入驳回原因',
    'zh-TW': '請輸入駁回原因',
  },
  'v.resolveNote': {
    en: 'Please enter a note',
    ja: 'メモを入力してください',
    'zh-CN': '请输入处理说明',
    'zh-TW': '請輸入處理說明',
  },
  // Errors
  'error.post_too_fast': {
    en: 'You are posting too fast, please wait a moment',
    ja: '投稿が速すぎます。少し待ってください',
    'zh-CN': '发布太频繁，请稍后再试',
    'zh-TW': '發佈太頻繁，請稍後再試',
  },
  // Success notices
  'ok.postSubmitted': {
    en: 'Submitted, waiting for review',
    ja: '送信しました。審査をお待ちください',
    'zh-CN': '已提交，等待审核',
    'zh-TW': '已提交，等待審核',
  },
  'ok.deleted': { en: 'Deleted', ja: '削除しました', 'zh-CN': '已删除', 'zh-TW': '已刪除' },
  'ok.liked': { en: 'Liked', ja: 'いいねしました', 'zh-CN': '已点赞', 'zh-TW': '已按讚' },
  'ok.unliked': { en: 'Like removed', ja: 'いいねを取り消しました', 'zh-CN': '已取消点赞', 'zh-TW': '已取消按讚' },
  'ok.postApproved': { en: 'Approved', ja: '承認しました', 'zh-CN': '已通过', 'zh-TW': '已通過' },
  'ok.postRejected': { en: 'Rejected', ja: '却下しました', 'zh-CN': '已驳回', 'zh-TW': '已駁回' },
  'ok.reportResolved': { en: 'Resolved', ja: '対応済みにしました', 'zh-CN': '已处理', 'zh-TW': '已處理' },
  // Texts clients show
  'post.deleteConfirm': {
    en: 'Are you sure you want to delete this item?',
    ja: 'この項目を削除してもよろしいですか？',
    'zh-CN': '确定要删除此项吗？',
    'zh-TW': '確定要刪除此項嗎？',
  },
  'post.status.ped': { en: 'Pending Review', ja: '審査待ち', 'zh-CN': '待审核', 'zh-TW': '待審核' },
  'post.status.res': { en: 'Published', ja: '公開中', 'zh-CN': '已发布', 'zh-TW': '已發佈' },
  'post.status.rej': { en: 'Rejected', ja: '却下', 'zh-CN': '已驳回', 'zh-TW': '已駁回' },
  'post.rejectReason': {
    en: 'Reason for rejection: {remark}',
    ja: '却下の理由：{remark}',
    'zh-CN': '驳回原因：{remark}',
    'zh-TW': '駁回原因：{remark}',
  },
} as const satisfies Record<string, Texts>;
