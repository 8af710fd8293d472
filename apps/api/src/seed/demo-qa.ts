import type { LocalizedText } from '@petheart/contracts';

/** The demo's help page: questions and answers in the four languages. */
export const DEMO_QA: { question: LocalizedText; answer: LocalizedText }[] = [
  {
    question: {
      en: 'What is PetHeart?',
      ja: 'PetHeartとは何ですか？',
      'zh-CN': 'PetHeart 是什么？',
      'zh-TW': 'PetHeart 是什麼？',
    },
    answer: {
      en: 'PetHeart is a charity app for stray animals. Our partner bases (feeding stations) have feeders with live cameras: you can watch the animals at any time and feed them remotely. Every portion you give really falls into the bowl.',
      ja: 'PetHeartは野良動物のためのチャリティーアプリです。提携拠点（給餌ステーション）にはライブカメラ付きの給餌器があり、いつでも動物たちの様子を見て、遠隔でごはんをあげることができます。あなたが贈った一食分は、本当にお皿に落ちます。',
      'zh-CN':
        'PetHeart 是一款帮助流浪动物的公益应用。我们的合作基地（投喂点）装有带直播摄像头的喂食器：你可以随时观看动物们，并远程为它们投喂。你送出的每一份粮食，都会真实地落进碗里。',
      'zh-TW':
        'PetHeart 是一款幫助流浪動物的公益應用程式。我們的合作基地（餵食站）設有附直播攝影機的餵食器：你可以隨時觀看動物們，並遠端為牠們餵食。你送出的每一份飼料，都會真實地落進碗裡。',
    },
  },
  {
    question: {
      en: 'How do I feed an animal?',
      ja: 'どうやってごはんをあげますか？',
      'zh-CN': '如何投喂？',
      'zh-TW': '如何餵食？',
    },
    answer: {
      en: 'Open a live stream, tap Feed and choose a portion. The feeder dispenses the food within seconds, and you can watch it fall on the stream.\nYour Feeding log (in Me) keeps a receipt for every feed.',
      ja: 'ライブ配信を開き、「ごはん」をタップして量を選んでください。数秒で給餌器からごはんが出て、落ちる様子を配信で見ることができます。\n「マイページ」の給餌履歴に、毎回の記録が残ります。',
      'zh-CN':
        '打开一个直播间，点击“投喂”并选择份量。喂食器会在几秒内出粮，你可以在直播中看到粮食落下。\n“我的”里的投喂记录会保存每一次投喂的凭证。',
      'zh-TW':
        '開啟一個直播間，點選「餵食」並選擇份量。餵食器會在幾秒內出糧，你可以在直播中看到飼料落下。\n「我的」裡的餵食紀錄會保存每一次餵食的憑證。',
    },
  },
  {
    question: {
      en: 'What are PetHeart Coins?',
      ja: 'PetHeartコインとは何ですか？',
      'zh-CN': '什么是爱心币？',
      'zh-TW': '什麼是愛心幣？',
    },
    answer: {
      en: 'PetHeart Coins are what you feed with. Recharge them in Me: each package shows its price and how many coins you receive, bonus included.',
      ja: 'PetHeartコインは、ごはんをあげるときに使うコインです。「マイページ」からチャージできます。各プランに価格と受け取れるコイン数（ボーナスを含む）が表示されます。',
      'zh-CN': '爱心币用于投喂。你可以在“我的”中充值：每个套餐都会显示价格和可获得的爱心币数量（含赠送）。',
      'zh-TW': '愛心幣用於餵食。你可以在「我的」中儲值：每個方案都會顯示價格和可獲得的愛心幣數量（含贈送）。',
    },
  },
  {
    question: {
      en: 'What if the feeder is offline or no food comes out?',
      ja: '給餌器がオフラインのときや、ごはんが出なかったときは？',
      'zh-CN': '喂食器离线或没有出粮怎么办？',
      'zh-TW': '餵食器離線或沒有出糧怎麼辦？',
    },
    answer: {
      en: 'While a feeder or its camera is offline, feeding is paused and nothing is charged.\nIf a feed fails or the feeder does not answer in time, the coins held for it go straight back to your balance, and the Feeding log shows why. You are never charged for food that did not fall.',
      ja: '給餌器またはカメラがオフラインの間は、ごはんをあげることができず、料金もかかりません。\n給餌に失敗したり、給餌器から時間内に応答がなかったりした場合は、保留されたコインが自動で残高に戻り、給餌履歴に理由が表示されます。落ちなかったごはんの料金を請求されることはありません。',
      'zh-CN':
        '喂食器或摄像头离线时，投喂会暂停，也不会扣费。\n如果投喂失败或喂食器没有及时响应，冻结的爱心币会自动退回你的余额，投喂记录中会显示原因。没有落下的粮食，绝不会向你收费。',
      'zh-TW':
        '餵食器或攝影機離線時，餵食會暫停，也不會扣款。\n如果餵食失敗或餵食器沒有及時回應，凍結的愛心幣會自動退回你的餘額，餵食紀錄中會顯示原因。沒有落下的飼料，絕不會向你收費。',
    },
  },
  {
    question: {
      en: 'Where does my money go?',
      ja: '支払ったお金は何に使われますか？',
      'zh-CN': '我的钱用在了哪里？',
      'zh-TW': '我的錢用在了哪裡？',
    },
    answer: {
      en: 'A share of every feed goes to the operator of the base, who uses it to buy food, keep the feeders running and pay for medical care. The rest keeps the platform running.\nThe home page shows the food dispensed and the animals helped so far.',
      ja: '毎回の給餌の一部は拠点の運営者に分配され、フードの購入、給餌器の維持、医療費に使われます。残りはプラットフォームの運営に使われます。\nこれまでに届けたごはんの量と助けた動物の数は、ホーム画面で確認できます。',
      'zh-CN':
        '每次投喂的一部分会分给基地的运营者，用于购买粮食、维护喂食器和支付医疗费用，其余部分用于平台的运营。\n首页会显示至今投放的粮食总量和帮助过的动物数量。',
      'zh-TW':
        '每次餵食的一部分會分給基地的營運者，用於購買飼料、維護餵食器和支付醫療費用，其餘部分用於平台的營運。\n首頁會顯示至今投放的飼料總量和幫助過的動物數量。',
    },
  },
  {
    question: {
      en: 'How do I report a problem with a stream?',
      ja: 'ライブ配信の問題はどうやって報告しますか？',
      'zh-CN': '直播有问题怎么反馈？',
      'zh-TW': '直播有問題怎麼回報？',
    },
    answer: {
      en: 'In the live room, tap Problem report, describe what you see and add photos if you like. Our team reads every report and contacts the base.',
      ja: 'ライブ画面で「問題を報告」をタップし、状況を書いてください（写真も追加できます）。すべての報告をスタッフが確認し、拠点に連絡します。',
      'zh-CN': '在直播间点击“问题反馈”，描述你看到的情况，也可以附上图片。我们的团队会查看每一条反馈并联系基地。',
      'zh-TW': '在直播間點選「問題回報」，描述你看到的情況，也可以附上圖片。我們的團隊會查看每一則回報並聯絡基地。',
    },
  },
  {
    question: {
      en: 'Can I share photos of the animals?',
      ja: '動物の写真を投稿できますか？',
      'zh-CN': '可以分享动物的照片吗？',
      'zh-TW': '可以分享動物的照片嗎？',
    },
    answer: {
      en: 'Yes. In the community, tap Publish, write a few words, add up to 9 photos and choose the feeder they were taken at. Posts are reviewed before they appear; if one is rejected you will see why, and you can edit it and submit it again.',
      ja: 'はい。コミュニティで「投稿」をタップし、ひとこと書いて写真を9枚まで追加し、撮影した給餌器を選んでください。投稿は審査の後に公開されます。却下された場合は理由が表示され、編集して再提出できます。',
      'zh-CN':
        '可以。在社区点击“发布”，写几句话，添加最多 9 张照片，并选择拍摄时所在的喂食器。动态审核通过后才会公开；如果未通过，你会看到原因，修改后可以重新提交。',
      'zh-TW':
        '可以。在社群點選「發布」，寫幾句話，加入最多 9 張照片，並選擇拍攝時所在的餵食器。貼文審核通過後才會公開；如果未通過，你會看到原因，修改後可以重新提交。',
    },
  },
];
