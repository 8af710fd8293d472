export const resources = {
  en: {
    title: 'Events',
    intro: 'Shelters and rescuers ask for support here. Every point you give goes to food, medical care or shelter.',
    types: 'Support types',
    empty: 'No support requests yet. Pull down to refresh.',
  },
  ja: {
    title: 'イベント',
    intro: '保護施設や保護活動者からの支援の呼びかけです。支援はごはん・医療・シェルターに使われます。',
    types: '支援の種類',
    empty: '支援の呼びかけはまだありません。下に引いて更新できます。',
  },
  'zh-CN': {
    title: '公益活动',
    intro: '救助站和救助人在这里发起援助。你的每一份支持都会用于粮食、医疗或救助站建设。',
    types: '援助类型',
    empty: '暂无援助请求，下拉可刷新。',
  },
  'zh-TW': {
    title: '公益活動',
    intro: '救助站和救助人在這裡發起援助。你的每一份支持都會用於糧食、醫療或救助站建設。',
    types: '援助類型',
    empty: '暫無援助請求，下拉可重新整理。',
  },
} as const;
