import type { LocalizedText } from '@petheart/contracts';

export interface DemoArticle {
  /** Which cover it gets (demo-art.ts). */
  art: 'feeding' | 'colony' | 'winter';
  highlight: boolean;
  title: LocalizedText;
  summary: LocalizedText;
  /** The written form (a Markdown subset, decision 013). */
  body: LocalizedText;
}

/** The demo's articles, oldest first; the first is highlighted in What's New. */
export const DEMO_ARTICLES: DemoArticle[] = [
  {
    art: 'feeding',
    highlight: true,
    title: {
      en: 'How remote feeding works',
      ja: '遠隔給餌のしくみ',
      'zh-CN': '远程投喂是如何实现的',
      'zh-TW': '遠端餵食是如何運作的',
    },
    summary: {
      en: 'From your tap to the bowl: what happens to every portion you send, and why you are never charged for food that did not fall.',
      ja: 'タップからお皿まで。あなたが贈るごはんがどう届くのか、そして落ちなかったごはんの料金がかからない理由。',
      'zh-CN': '从点击到碗里：你送出的每一份粮食经历了什么，以及为什么没落下的粮食绝不收费。',
      'zh-TW': '從點擊到碗裡：你送出的每一份飼料經歷了什麼，以及為什麼沒落下的飼料絕不收費。',
    },
    body: {
      en: `Every portion you send from the app travels a short, carefully checked path before it lands in a bowl.

## From your tap to the bowl

1. You choose a portion in the live room.
2. We check that the feeder and its camera are online and that your balance is enough.
3. Your coins are put on hold (not spent yet) and the feeder receives the command.
4. The feeder measures what falls and reports back. Only then are the coins charged.

## If something goes wrong

If the feeder does not answer in time, the hold is released and **you are not charged**. Every feed, and what happened to it, is in your Feeding log.

> You are never charged for food that did not fall.`,
      ja: `アプリから贈ったごはんは、お皿に届くまでに、短いけれど念入りにチェックされた道のりをたどります。

## タップからお皿まで

1. ライブ画面でごはんの量を選びます。
2. 給餌器とカメラがオンラインか、残高が足りているかを確認します。
3. コインは保留され（まだ支払われません）、給餌器に指示が届きます。
4. 給餌器が落ちたごはんの量を量って報告します。コインが支払われるのはその時だけです。

## うまくいかなかったときは

給餌器から時間内に応答がなければ保留は解除され、**料金はかかりません**。すべての給餌とその結果は給餌履歴で確認できます。

> 落ちなかったごはんの料金を請求されることはありません。`,
      'zh-CN': `你在应用里送出的每一份粮食，在落进碗里之前，都会经过一段简短而严格检查的旅程。

## 从点击到碗里

1. 你在直播间选择份量。
2. 我们确认喂食器和摄像头在线，并且你的余额充足。
3. 你的爱心币先被冻结（还没有扣除），喂食器收到出粮指令。
4. 喂食器称量实际落下的粮食并回报结果，只有这时才会扣除爱心币。

## 如果出了问题

如果喂食器没有及时响应，冻结会被解除，**你不会被扣费**。每一次投喂及其结果都记录在投喂记录中。

> 没有落下的粮食，绝不会向你收费。`,
      'zh-TW': `你在應用程式裡送出的每一份飼料，在落進碗裡之前，都會經過一段簡短而嚴格檢查的旅程。

## 從點擊到碗裡

1. 你在直播間選擇份量。
2. 我們確認餵食器和攝影機在線，並且你的餘額充足。
3. 你的愛心幣先被凍結（還沒有扣除），餵食器收到出糧指令。
4. 餵食器秤量實際落下的飼料並回報結果，只有這時才會扣除愛心幣。

## 如果出了問題

如果餵食器沒有及時回應，凍結會被解除，**你不會被扣款**。每一次餵食及其結果都記錄在餵食紀錄中。

> 沒有落下的飼料，絕不會向你收費。`,
    },
  },
  {
    art: 'colony',
    highlight: false,
    title: {
      en: 'Meet the cats of the Bund riverside',
      ja: '外灘リバーサイドの猫たち',
      'zh-CN': '认识外滩江边的猫咪们',
      'zh-TW': '認識外灘江邊的貓咪們',
    },
    summary: {
      en: 'Eighteen cats, two feeders and a team of volunteers: the story of our first base.',
      ja: '18匹の猫、2台の給餌器、そしてボランティアのみなさん。最初の拠点の物語です。',
      'zh-CN': '十八只猫、两台喂食器和一群志愿者：我们第一个基地的故事。',
      'zh-TW': '十八隻貓、兩台餵食器和一群志工：我們第一個基地的故事。',
    },
    body: {
      en: `Eighteen cats live along the river near the Bund. Most of them were born on the street; all of them are now neutered and vaccinated.

Volunteers used to come twice a day with bags of food. Since the feeders were installed, people from all over the world help fill the bowls, and the volunteers can spend their time on health checks instead.

## Who you will meet

- **Bun**, a ginger cat who greets every visitor
- **Pepper**, a shy black cat who eats when the path is quiet
- and more than a dozen others still waiting for their names

Come and say hello in the [pet corner](/pages/index/petCorner).`,
      ja: `外灘近くの川沿いには18匹の猫が暮らしています。ほとんどが路上で生まれた子たちで、今では全員が不妊・去勢手術とワクチン接種を済ませています。

以前はボランティアが1日2回、フードを抱えて通っていました。給餌器を設置してからは世界中の人がごはんを届けてくれるようになり、ボランティアは健康チェックに時間を使えるようになりました。

## 会える猫たち

- 訪れる人みんなにあいさつする茶トラの**マントウ**
- 人通りが少ないときにごはんを食べる、恥ずかしがりの黒猫**ペッパー**
- まだ名前のない十数匹の仲間たち

[ペットコーナー](/pages/index/petCorner)で会いに来てください。`,
      'zh-CN': `外滩附近的江边生活着十八只猫。它们大多出生在街头，如今都已完成绝育和疫苗接种。

过去，志愿者每天要带着粮食来两次。自从装上喂食器，来自世界各地的人都在帮忙把碗添满，志愿者们也能把时间花在健康检查上了。

## 你会遇见

- **馒头**，一只会向每位访客打招呼的橘猫
- **胡椒**，一只害羞的黑猫，总在路上安静时才来吃饭
- 还有十几只仍在等待名字的小伙伴

欢迎到[宠物角](/pages/index/petCorner)和它们打个招呼。`,
      'zh-TW': `外灘附近的江邊生活著十八隻貓。牠們大多出生在街頭，如今都已完成結紮和疫苗接種。

過去，志工每天要帶著飼料來兩次。自從裝上餵食器，來自世界各地的人都在幫忙把碗添滿，志工們也能把時間花在健康檢查上了。

## 你會遇見

- **饅頭**，一隻會向每位訪客打招呼的橘貓
- **胡椒**，一隻害羞的黑貓，總在路上安靜時才來吃飯
- 還有十幾隻仍在等待名字的小夥伴

歡迎到[寵物角](/pages/index/petCorner)和牠們打個招呼。`,
    },
  },
  {
    art: 'winter',
    highlight: false,
    title: {
      en: 'Winter care: keeping strays warm and fed',
      ja: '冬のケア：野良の子たちを暖かく、おなかいっぱいに',
      'zh-CN': '冬季关怀：让流浪动物吃饱穿暖',
      'zh-TW': '冬季關懷：讓流浪動物吃飽穿暖',
    },
    summary: {
      en: 'Cold nights are the hardest time of year for animals living outdoors. What our bases do, and how you can help.',
      ja: '寒い夜は、外で暮らす動物にとって一年で最もつらい時期です。拠点での取り組みと、あなたにできること。',
      'zh-CN': '寒冷的夜晚是户外动物一年中最难熬的时候。看看我们的基地做了什么，以及你可以如何帮忙。',
      'zh-TW': '寒冷的夜晚是戶外動物一年中最難熬的時候。看看我們的基地做了什麼，以及你可以如何幫忙。',
    },
    body: {
      en: `Cold nights are the hardest time of the year for animals living outdoors. Here is what our bases do, and how you can help.

## Shelter

Insulated boxes lined with straw (not blankets, which stay wet) stand out of the wind near every feeder.

## More food

Animals burn more energy to stay warm. In winter the bases raise each feeder's daily limit, so more portions can be given.

## Fresh water

Water bowls freeze overnight, so volunteers change them every morning.

If an animal on a stream looks unwell, please send a Problem report from the live room.`,
      ja: `寒い夜は、外で暮らす動物にとって一年で最もつらい時期です。拠点での取り組みと、あなたにできることを紹介します。

## 寝床

給餌器の近くの風の当たらない場所に、わらを敷いた断熱ボックスを置いています（毛布は湿ったままになるので使いません）。

## ごはんを多めに

動物は体温を保つために多くのエネルギーを使います。冬の間、拠点では各給餌器の1日の上限を引き上げ、より多くのごはんを受け取れるようにしています。

## 新鮮な水

水入れは夜のうちに凍ってしまうため、ボランティアが毎朝取り替えています。

配信で具合の悪そうな子を見つけたら、ライブ画面の「問題を報告」から知らせてください。`,
      'zh-CN': `寒冷的夜晚是户外动物一年中最难熬的时候。下面是我们的基地所做的事，以及你可以如何帮忙。

## 御寒小屋

每台喂食器附近的避风处都放有铺着稻草的保温箱（不用毯子，因为毯子受潮后很难干）。

## 多一些粮食

动物需要消耗更多能量来保暖。冬季，基地会提高每台喂食器的每日上限，让大家可以多投喂几份。

## 新鲜的水

水碗在夜里会结冰，志愿者每天早上都会换水。

如果你在直播中看到哪只动物状态不好，请在直播间通过“问题反馈”告诉我们。`,
      'zh-TW': `寒冷的夜晚是戶外動物一年中最難熬的時候。以下是我們的基地所做的事，以及你可以如何幫忙。

## 禦寒小屋

每台餵食器附近的避風處都放有鋪著稻草的保溫箱（不用毯子，因為毯子受潮後很難乾）。

## 多一些飼料

動物需要消耗更多能量來保暖。冬季，基地會提高每台餵食器的每日上限，讓大家可以多餵幾份。

## 新鮮的水

水碗在夜裡會結冰，志工每天早上都會換水。

如果你在直播中看到哪隻動物狀況不好，請在直播間透過「問題回報」告訴我們。`,
    },
  },
];
