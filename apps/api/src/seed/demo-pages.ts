import type { LocalizedText, PageKind } from '@petheart/contracts';

export interface DemoPage {
  key: string;
  kind: PageKind;
  title: LocalizedText;
  body: LocalizedText;
  /** web: the page's address. video: set by the seed (the video it renders). */
  url?: string;
  /** Which cover it gets (demo-art.ts). */
  art?: 'about' | 'video';
}

/**
 * The demo's pages. The login page opens /pages/public/onePage?name=user_agreement and …=privacy_policy,
 * so those two keys are the agreements.
 */
export const DEMO_PAGES: DemoPage[] = [
  {
    key: 'about',
    kind: 'custom',
    art: 'about',
    title: { en: 'About PetHeart', ja: 'PetHeartについて', 'zh-CN': '关于 PetHeart', 'zh-TW': '關於 PetHeart' },
    body: {
      en: `PetHeart connects people who love animals with the strays that need them.

Our partner bases are feeding stations run by local volunteers and rescue groups. Each has feeders with live cameras, so anyone, anywhere, can watch the animals and give them a meal.

## What we believe

- Every animal deserves a full bowl and a safe corner.
- Help should be visible: you see the food fall.
- Money should be accountable: every coin is recorded, and nobody pays for food that did not fall.

Thank you for being part of it.`,
      ja: `PetHeartは、動物を愛する人と、助けを必要としている野良の子たちをつなぎます。

提携拠点は、地域のボランティアや保護団体が運営する給餌ステーションです。各拠点にはライブカメラ付きの給餌器があり、誰でも、どこからでも動物たちを見守り、ごはんを届けることができます。

## 私たちの想い

- すべての動物に、いっぱいのお皿と安心できる居場所を。
- 支援は目に見えるように。ごはんが落ちる様子をその目で確かめられます。
- お金の流れは明確に。すべてのコインが記録され、落ちなかったごはんの料金は誰も払いません。

ご参加いただき、ありがとうございます。`,
      'zh-CN': `PetHeart 把爱护动物的人和需要帮助的流浪动物连在一起。

我们的合作基地是由当地志愿者和救助团体运营的投喂点。每个基地都装有带直播摄像头的喂食器，任何人在任何地方都能看望动物们，为它们送上一餐。

## 我们的信念

- 每一只动物都应该有一碗饱饭和一个安全的角落。
- 帮助应该看得见：你能亲眼看到粮食落下。
- 每一笔钱都有据可查：每个爱心币都有记录，没落下的粮食没有人需要付钱。

感谢你的参与。`,
      'zh-TW': `PetHeart 把愛護動物的人和需要幫助的流浪動物連在一起。

我們的合作基地是由當地志工和救援團體營運的餵食站。每個基地都設有附直播攝影機的餵食器，任何人在任何地方都能探望動物們，為牠們送上一餐。

## 我們的信念

- 每一隻動物都應該有一碗飽飯和一個安全的角落。
- 幫助應該看得見：你能親眼看到飼料落下。
- 每一筆錢都有據可查：每個愛心幣都有紀錄，沒落下的飼料沒有人需要付錢。

感謝你的參與。`,
    },
  },
  {
    key: 'user_agreement',
    kind: 'onePage',
    title: { en: 'User Agreement', ja: '利用規約', 'zh-CN': '用户协议', 'zh-TW': '使用者協議' },
    body: {
      en: `By using PetHeart you agree to these terms.

## Your account

Keep your password to yourself. You are responsible for what is done with your account.

## Coins and feeding

PetHeart Coins can only be used for feeding in the app and cannot be exchanged back for money. A feed is charged only when the feeder reports that the food has fallen.

## Posts and comments

Be kind. Posts are reviewed before they appear, and we remove content that is abusive, misleading or harmful to animals.

## Changes

We may update these terms; the latest version is always on this page.`,
      ja: `PetHeartをご利用いただくことで、本規約に同意したものとみなされます。

## アカウント

パスワードは他人に教えないでください。アカウントで行われた操作の責任はご本人にあります。

## コインと給餌

PetHeartコインはアプリ内での給餌にのみ使用でき、現金に戻すことはできません。料金は、給餌器がごはんが落ちたことを報告したときにのみ発生します。

## 投稿とコメント

思いやりを持ってご利用ください。投稿は審査の後に公開されます。攻撃的、誤解を招く、または動物に害を及ぼす内容は削除します。

## 変更

本規約は更新されることがあります。最新版は常にこのページに掲載されます。`,
      'zh-CN': `使用 PetHeart 即表示你同意以下条款。

## 你的账号

请妥善保管你的密码。你需要对账号下的所有操作负责。

## 爱心币与投喂

爱心币只能用于应用内的投喂，不能兑换回现金。只有当喂食器回报粮食已经落下时，才会扣费。

## 动态与评论

请友善交流。动态经审核后才会公开，我们会删除辱骂、误导或伤害动物的内容。

## 条款变更

我们可能会更新本条款，最新版本始终以本页面为准。`,
      'zh-TW': `使用 PetHeart 即表示你同意以下條款。

## 你的帳號

請妥善保管你的密碼。你需要對帳號下的所有操作負責。

## 愛心幣與餵食

愛心幣只能用於應用程式內的餵食，不能兌換回現金。只有當餵食器回報飼料已經落下時，才會扣款。

## 貼文與留言

請友善交流。貼文經審核後才會公開，我們會刪除辱罵、誤導或傷害動物的內容。

## 條款變更

我們可能會更新本條款，最新版本一律以本頁面為準。`,
    },
  },
  {
    key: 'privacy_policy',
    kind: 'onePage',
    title: { en: 'Privacy Policy', ja: 'プライバシーポリシー', 'zh-CN': '隐私政策', 'zh-TW': '隱私權政策' },
    body: {
      en: `We collect only what the app needs to work.

## What we keep

- Your email or phone number, nickname and avatar, to run your account
- Your recharges and feeds, so your balance and Feeding log are correct
- The posts, comments and reports you send

## What we do not do

We do not sell your data. Payment details are handled by the payment provider and never stored by us.

## Your choices

You can change your profile at any time in Settings. To delete your account, send us a Problem report from any live room.`,
      ja: `アプリの動作に必要な情報のみを収集します。

## 保存する情報

- アカウントの運用のための、メールアドレスまたは電話番号、ニックネーム、アバター
- 残高と給餌履歴を正しく保つための、チャージと給餌の記録
- 送信された投稿、コメント、報告

## 行わないこと

データを販売することはありません。支払い情報は決済事業者が取り扱い、当社が保存することはありません。

## あなたの選択

プロフィールは「設定」からいつでも変更できます。アカウントの削除を希望する場合は、いずれかのライブ画面の「問題を報告」からご連絡ください。`,
      'zh-CN': `我们只收集应用运行所必需的信息。

## 我们保存的信息

- 你的邮箱或手机号、昵称和头像，用于维护你的账号
- 你的充值和投喂记录，确保余额和投喂记录准确
- 你发送的动态、评论和反馈

## 我们不会做的事

我们不会出售你的数据。支付信息由支付服务商处理，我们不会保存。

## 你的选择

你可以随时在“设置”中修改个人资料。如需注销账号，请在任意直播间通过“问题反馈”联系我们。`,
      'zh-TW': `我們只收集應用程式運作所必需的資訊。

## 我們保存的資訊

- 你的電子郵件或手機號碼、暱稱和頭像，用於維護你的帳號
- 你的儲值和餵食紀錄，確保餘額和餵食紀錄正確
- 你送出的貼文、留言和回報

## 我們不會做的事

我們不會出售你的資料。付款資訊由支付服務商處理，我們不會保存。

## 你的選擇

你可以隨時在「設定」中修改個人資料。如需刪除帳號，請在任一直播間透過「問題回報」聯絡我們。`,
    },
  },
  {
    key: 'tnr',
    kind: 'web',
    url: 'https://en.wikipedia.org/wiki/Trap%E2%80%93neuter%E2%80%93return',
    title: {
      en: 'What is TNR?',
      ja: 'TNRとは？',
      'zh-CN': '什么是 TNR？',
      'zh-TW': '什麼是 TNR？',
    },
    body: {
      en: 'Trap–neuter–return (TNR) is how our partner bases keep their colonies healthy and stable. The page below explains it.',
      ja: 'TNR（捕獲・不妊去勢手術・元の場所に戻す）は、提携拠点が猫の群れを健康で安定した状態に保つための方法です。詳しくは以下のページをご覧ください。',
      'zh-CN': 'TNR（诱捕—绝育—放归）是我们的合作基地保持猫群健康稳定的方法。下面的网页有详细介绍。',
      'zh-TW': 'TNR（誘捕—結紮—放回）是我們的合作基地維持貓群健康穩定的方法。下面的網頁有詳細介紹。',
    },
  },
  {
    key: 'feeding_video',
    kind: 'video',
    art: 'video',
    title: {
      en: 'Watch: a meal from tap to bowl',
      ja: '動画：タップからお皿までの一食',
      'zh-CN': '视频：从点击到碗里的一餐',
      'zh-TW': '影片：從點擊到碗裡的一餐',
    },
    body: {
      en: 'A short look at what happens at a base when you tap Feed.',
      ja: 'あなたが「ごはん」をタップしたとき、拠点で何が起きているのかを短く紹介します。',
      'zh-CN': '简短介绍当你点击“投喂”时，基地里发生了什么。',
      'zh-TW': '簡短介紹當你點選「餵食」時，基地裡發生了什麼。',
    },
  },
];

/** The home banners; `link` is resolved by the seed ('article:feeding' = that article). */
export const DEMO_BANNERS: { art: 'feed' | 'pets'; title: LocalizedText; link: string }[] = [
  {
    art: 'feed',
    link: 'article:feeding',
    title: {
      en: 'Feed a stray from anywhere',
      ja: 'どこからでも、野良の子にごはんを',
      'zh-CN': '随时随地，为流浪动物送上一餐',
      'zh-TW': '隨時隨地，為流浪動物送上一餐',
    },
  },
  {
    art: 'pets',
    link: '/pages/index/petCorner',
    title: {
      en: 'Meet the animals of our bases',
      ja: '拠点の動物たちに会いに行こう',
      'zh-CN': '认识基地里的小动物们',
      'zh-TW': '認識基地裡的小動物們',
    },
  },
];
