import type { Texts } from './texts';

/** Content (Q&A, articles, pages, banners) and the pet corner: empty state, validation, notices. */
export const CONTENT_MESSAGES = {
  // The specification's empty state for a page, article or profile with nothing in it.
  'empty.noIntroduction': {
    en: 'no introduction yet',
    ja: 'まだ紹介がありません',
    'zh-CN': '暂无介绍',
    'zh-TW': '暫無介紹',
  },
  'v.localizedRequired': {
    en: 'Please enter it in at least one language',
    ja: '少なくとも1つの言語で入力してください',
    'zh-CN': '请至少用一种语言填写',
    'zh-TW': '請至少用一種語言填寫',
  },
  'v.contentTitle': {
    en: 'Please enter the title',
    ja: 'タイトルを入力してください',
    'zh-CN': '请输入标题',
    'zh-TW': '請輸入標題',
  },
  'v.contentBody': {
    en: 'Please enter the text',
    ja: '本文を入力してください',
    'zh-CN': '请输入正文',
    'zh-TW': '請輸入內文',
  },
  'v.question': {
    en: 'Please enter the question',
    ja: '質問を入力してください',
    'zh-CN': '请输入问题',
    'zh-TW': '請輸入問題',
  },
  'v.answer': {
    en: 'Please enter the answer',
    ja: '回答を入力してください',
    'zh-CN': '请输入回答',
    'zh-TW': '請輸入回答',
  },
  'v.contentPair': {
    en: 'In each language, fill in both the title and the text, or leave both empty',
    ja: '各言語で、タイトルと本文の両方を入力するか、両方とも空欄にしてください',
    'zh-CN': '每种语言的标题和正文须同时填写或同时留空',
    'zh-TW': '每種語言的標題和內文須同時填寫或同時留空',
  },
  'v.pageKey': {
    en: 'The key must be 1 to 64 letters, digits, - or _',
    ja: 'キーは英数字・-・_ の1〜64文字にしてください',
    'zh-CN': '标识须为1到64位字母、数字、- 或 _',
    'zh-TW': '識別碼須為1到64位字母、數字、- 或 _',
  },
  'v.pageUrl': {
    en: 'Please enter the address of the web page or video',
    ja: 'ウェブページまたは動画のアドレスを入力してください',
    'zh-CN': '请输入网页或视频的地址',
    'zh-TW': '請輸入網頁或影片的地址',
  },
  'v.link': {
    en: 'Links must start with https://, http:// or /',
    ja: 'リンクは https://、http:// または / で始めてください',
    'zh-CN': '链接须以 https://、http:// 或 / 开头',
    'zh-TW': '連結須以 https://、http:// 或 / 開頭',
  },
  'v.bannerImage': {
    en: 'Please upload the banner image',
    ja: 'バナー画像をアップロードしてください',
    'zh-CN': '请上传横幅图片',
    'zh-TW': '請上傳橫幅圖片',
  },
  'v.petName': {
    en: 'Please enter the name',
    ja: '名前を入力してください',
    'zh-CN': '请输入名字',
    'zh-TW': '請輸入名字',
  },
  'v.petBase': {
    en: 'Please select the base',
    ja: '拠点を選択してください',
    'zh-CN': '请选择基地',
    'zh-TW': '請選擇基地',
  },
  'v.species': {
    en: 'Please select the species',
    ja: '種類を選択してください',
    'zh-CN': '请选择种类',
    'zh-TW': '請選擇種類',
  },
  'v.sortOrder': {
    en: 'The order must be a whole number from -10,000 to 10,000',
    ja: '表示順は-10,000〜10,000の整数にしてください',
    'zh-CN': '排序须为-10,000到10,000的整数',
    'zh-TW': '排序須為-10,000到10,000的整數',
  },
  'error.image_not_uploaded': {
    en: 'Please use an image uploaded here',
    ja: 'ここでアップロードした画像を使用してください',
    'zh-CN': '请使用在此上传的图片',
    'zh-TW': '請使用在此上傳的圖片',
  },
  'error.page_key_exists': {
    en: 'A page with this key already exists',
    ja: 'このキーのページはすでに存在します',
    'zh-CN': '该标识的页面已存在',
    'zh-TW': '該識別碼的頁面已存在',
  },
  'ok.itemDeleted': { en: 'Deleted', ja: '削除しました', 'zh-CN': '已删除', 'zh-TW': '已刪除' },
} as const satisfies Record<string, Texts>;
