import type { LocalizedText } from '@petheart/contracts';
import type { PaletteName } from './demo-art';

export interface DemoPet {
  /** The demo base it lives at (demo-devices.ts), by name. */
  base: string;
  species: 'cat' | 'dog';
  palette: PaletteName;
  name: LocalizedText;
  story: LocalizedText;
}

/** The pet corner's demo profiles: a few animals of the demo bases. */
export const DEMO_PETS: DemoPet[] = [
  {
    base: 'Bund Riverside Cat Corner',
    species: 'cat',
    palette: 'ginger',
    name: { en: 'Bun', ja: 'マントウ', 'zh-CN': '馒头', 'zh-TW': '饅頭' },
    story: {
      en: 'Bun was found as a kitten under a bench on the riverside promenade. He is now the colony’s official greeter: whenever the feeder hums, he is the first to arrive.',
      ja: 'マントウは子猫のころ、川沿いの遊歩道のベンチの下で見つかりました。今では群れの「公式お出迎え係」。給餌器の音がすると、いつも一番に駆けつけます。',
      'zh-CN': '馒头还是小奶猫时，在江边步道的长椅下被发现。如今它是猫群的“迎宾大使”：喂食器一响，它总是第一个赶到。',
      'zh-TW': '饅頭還是小奶貓時，在江邊步道的長椅下被發現。如今牠是貓群的「迎賓大使」：餵食器一響，牠總是第一個趕到。',
    },
  },
  {
    base: 'Bund Riverside Cat Corner',
    species: 'cat',
    palette: 'black',
    name: { en: 'Pepper', ja: 'ペッパー', 'zh-CN': '胡椒', 'zh-TW': '胡椒' },
    story: {
      en: 'Pepper is shy with people but loyal to her bowl. Watch the evening stream: she waits until the path is quiet, then eats slowly and carefully.',
      ja: 'ペッパーは人見知りですが、自分のお皿には忠実です。夕方の配信をのぞいてみてください。人通りが落ち着くのを待って、ゆっくり丁寧に食べています。',
      'zh-CN': '胡椒怕生，却对自己的饭碗非常执着。看看傍晚的直播吧：它会等到路上安静下来，再慢慢地、细细地吃饭。',
      'zh-TW': '胡椒怕生，卻對自己的飯碗非常執著。看看傍晚的直播吧：牠會等到路上安靜下來，再慢慢地、細細地吃飯。',
    },
  },
  {
    base: 'Xujiahui Park Shelter Point',
    species: 'cat',
    palette: 'grey',
    name: { en: 'Mochi', ja: 'モチ', 'zh-CN': '麻薯', 'zh-TW': '麻糬' },
    story: {
      en: 'A soft grey cat who spends her afternoons in the bamboo by the pond. Mochi was neutered last spring and has put on a healthy kilo since the feeder arrived.',
      ja: '池のほとりの竹林で午後を過ごす、やわらかな灰色の猫です。モチは昨年の春に不妊手術を受け、給餌器が来てから体重が1キロ増えて健康になりました。',
      'zh-CN': '一只柔软的灰猫，下午总待在池塘边的竹林里。麻薯去年春天做了绝育，自从有了喂食器，体重健康地长了一公斤。',
      'zh-TW': '一隻柔軟的灰貓，下午總待在池塘邊的竹林裡。麻糬去年春天做了結紮，自從有了餵食器，體重健康地長了一公斤。',
    },
  },
  {
    base: 'Century Park Dog Station',
    species: 'dog',
    palette: 'brownDog',
    name: { en: 'Bean', ja: 'マメ', 'zh-CN': '豆豆', 'zh-TW': '豆豆' },
    story: {
      en: 'Bean was rescued from a construction site with an injured paw. He has fully recovered, loves tennis balls, and is waiting for a family of his own.',
      ja: 'マメは工事現場で前足をけがしているところを保護されました。今はすっかり元気になり、テニスボールが大好き。自分の家族を待っています。',
      'zh-CN': '豆豆是从工地上救回来的，当时它的爪子受了伤。现在它已经完全康复，最爱网球，正在等待属于自己的家。',
      'zh-TW': '豆豆是從工地救回來的，當時牠的腳掌受了傷。現在牠已經完全康復，最愛網球，正在等待屬於自己的家。',
    },
  },
  {
    base: 'Century Park Dog Station',
    species: 'dog',
    palette: 'yellowDog',
    name: { en: 'Sunny', ja: 'サニー', 'zh-CN': '阿黄', 'zh-TW': '阿黃' },
    story: {
      en: 'The oldest resident of the station. Sunny keeps an eye on the younger dogs and always lets them eat first.',
      ja: 'ステーションの最年長。サニーは若い犬たちを見守り、いつも先にごはんを譲ってあげます。',
      'zh-CN': '基地里年纪最大的狗狗。阿黄总是照看着年轻的狗狗们，每次都让它们先吃。',
      'zh-TW': '基地裡年紀最大的狗狗。阿黃總是照看著年輕的狗狗們，每次都讓牠們先吃。',
    },
  },
  {
    base: 'Songjiang Old Town Cats',
    species: 'cat',
    palette: 'tabby',
    name: { en: 'Tiger', ja: 'トラ', 'zh-CN': '大虎', 'zh-TW': '大虎' },
    story: {
      en: 'The biggest tabby in the old-town alleys. Tiger looks fierce but purrs like an engine as soon as anyone sits down beside him.',
      ja: '古い町の路地でいちばん大きなキジトラ。見た目はこわもてですが、誰かが隣に座るとすぐにエンジンのようにゴロゴロ鳴らします。',
      'zh-CN': '老街小巷里最大的一只虎斑猫。大虎看起来很凶，可只要有人在它身边坐下，它就会像发动机一样呼噜呼噜响。',
      'zh-TW': '老街小巷裡最大的一隻虎斑貓。大虎看起來很兇，可只要有人在牠身邊坐下，牠就會像引擎一樣呼嚕呼嚕響。',
    },
  },
  {
    base: 'Yanaka Cat Street',
    species: 'cat',
    palette: 'calico',
    name: { en: 'Hana', ja: 'ハナ', 'zh-CN': '花花', 'zh-TW': '花花' },
    story: {
      en: 'A calico who has lived on Yanaka’s shopping street for years. The shopkeepers say Hana knows exactly when each of them opens.',
      ja: '谷中の商店街に何年も暮らしている三毛猫。お店の人たちによると、ハナはどのお店が何時に開くかをちゃんと知っているそうです。',
      'zh-CN': '一只在谷中商店街生活了好几年的三花猫。店主们说，花花清楚地知道每家店几点开门。',
      'zh-TW': '一隻在谷中商店街生活了好幾年的三花貓。店主們說，花花清楚地知道每家店幾點開門。',
    },
  },
  {
    base: 'Houtong Cat Village Station',
    species: 'cat',
    palette: 'white',
    name: { en: 'Captain', ja: 'キャプテン', 'zh-CN': '船长', 'zh-TW': '船長' },
    story: {
      en: 'Captain watches over the old railway station of Houtong from the footbridge. Visitors come for the cats; Captain makes sure they also leave some food.',
      ja: 'キャプテンは歩道橋の上から猴硐の古い駅を見守っています。観光客は猫に会いに来ますが、ごはんも置いていくようにキャプテンがしっかり見張っています。',
      'zh-CN': '船长在天桥上守望着猴硐的老火车站。游客们为猫而来，船长则负责确保他们也留下一些粮食。',
      'zh-TW': '船長在天橋上守望著猴硐的老火車站。遊客們為貓而來，船長則負責確保他們也留下一些飼料。',
    },
  },
];
