/**
 * The local geocoder's bundled places (decision 016): the city districts of a few large Chinese cities, and the
 * cities themselves, with their administrative codes and approximate centres (GCJ-02, like Tencent's). Enough
 * to pick a shelter's address without a maps key; the known feeding stations are added at run time.
 */
export interface KnownPlace {
  id: string;
  /** The name shown (a district, a city, a feeding station). */
  title: string;
  /** Other names it is found by (English, short forms). */
  aliases: string[];
  address: string;
  category: string;
  adcode: string;
  province: string;
  city: string;
  district: string;
  latitude: number;
  longitude: number;
  /** How specific it is: a city, a district, or a place (a station). */
  level: 'city' | 'district' | 'place';
}

type Row = [adcode: string, district: string, english: string, latitude: number, longitude: number];

const CITIES: {
  province: string;
  city: string;
  english: string;
  adcode: string;
  centre: [number, number];
  districts: Row[];
}[] = [
  {
    province: '上海市',
    city: '上海市',
    english: 'Shanghai',
    adcode: '310000',
    centre: [31.2304, 121.4737],
    districts: [
      ['310101', '黄浦区', 'Huangpu', 31.2316, 121.4845],
      ['310104', '徐汇区', 'Xuhui', 31.1885, 121.4365],
      ['310105', '长宁区', 'Changning', 31.2204, 121.4244],
      ['310106', '静安区', "Jing'an", 31.229, 121.448],
      ['310107', '普陀区', 'Putuo', 31.2495, 121.3956],
      ['310109', '虹口区', 'Hongkou', 31.2646, 121.5052],
      ['310110', '杨浦区', 'Yangpu', 31.2595, 121.526],
      ['310112', '闵行区', 'Minhang', 31.1129, 121.3817],
      ['310113', '宝山区', 'Baoshan', 31.4055, 121.4894],
      ['310114', '嘉定区', 'Jiading', 31.3747, 121.2655],
      ['310115', '浦东新区', 'Pudong New Area', 31.2215, 121.5447],
      ['310116', '金山区', 'Jinshan', 30.7416, 121.342],
      ['310117', '松江区', 'Songjiang', 31.0322, 121.2277],
      ['310118', '青浦区', 'Qingpu', 31.1497, 121.1242],
      ['310120', '奉贤区', 'Fengxian', 30.918, 121.4741],
      ['310151', '崇明区', 'Chongming', 31.6229, 121.3973],
    ],
  },
  {
    province: '北京市',
    city: '北京市',
    english: 'Beijing',
    adcode: '110000',
    centre: [39.9042, 116.4074],
    districts: [
      ['110101', '东城区', 'Dongcheng', 39.9288, 116.416],
      ['110102', '西城区', 'Xicheng', 39.9123, 116.366],
      ['110105', '朝阳区', 'Chaoyang', 39.9215, 116.4434],
      ['110106', '丰台区', 'Fengtai', 39.8585, 116.287],
      ['110107', '石景山区', 'Shijingshan', 39.9056, 116.223],
      ['110108', '海淀区', 'Haidian', 39.9597, 116.2982],
      ['110112', '通州区', 'Tongzhou', 39.9095, 116.6567],
      ['110114', '昌平区', 'Changping', 40.2207, 116.2312],
      ['110115', '大兴区', 'Daxing', 39.7268, 116.3413],
    ],
  },
  {
    province: '广东省',
    city: '广州市',
    english: 'Guangzhou',
    adcode: '440100',
    centre: [23.1291, 113.2644],
    districts: [
      ['440103', '荔湾区', 'Liwan', 23.1259, 113.2442],
      ['440104', '越秀区', 'Yuexiu', 23.129, 113.2668],
      ['440105', '海珠区', 'Haizhu', 23.0839, 113.3172],
      ['440106', '天河区', 'Tianhe', 23.1247, 113.3612],
      ['440111', '白云区', 'Baiyun', 23.1579, 113.2732],
      ['440113', '番禺区', 'Panyu', 22.938, 113.3845],
    ],
  },
  {
    province: '广东省',
    city: '深圳市',
    english: 'Shenzhen',
    adcode: '440300',
    centre: [22.5431, 114.0579],
    districts: [
      ['440303', '罗湖区', 'Luohu', 22.5484, 114.1315],
      ['440304', '福田区', 'Futian', 22.5228, 114.0554],
      ['440305', '南山区', 'Nanshan', 22.5333, 113.9304],
      ['440306', '宝安区', "Bao'an", 22.5547, 113.8831],
      ['440307', '龙岗区', 'Longgang', 22.72, 114.2467],
    ],
  },
  {
    province: '浙江省',
    city: '杭州市',
    english: 'Hangzhou',
    adcode: '330100',
    centre: [30.2741, 120.1551],
    districts: [
      ['330102', '上城区', 'Shangcheng', 30.2425, 120.1692],
      ['330105', '拱墅区', 'Gongshu', 30.3197, 120.1419],
      ['330106', '西湖区', 'Xihu', 30.2596, 120.1302],
      ['330108', '滨江区', 'Binjiang', 30.2084, 120.2119],
    ],
  },
  {
    province: '四川省',
    city: '成都市',
    english: 'Chengdu',
    adcode: '510100',
    centre: [30.5728, 104.0668],
    districts: [
      ['510104', '锦江区', 'Jinjiang', 30.6571, 104.0831],
      ['510105', '青羊区', 'Qingyang', 30.6741, 104.062],
      ['510106', '金牛区', 'Jinniu', 30.6911, 104.0516],
      ['510107', '武侯区', 'Wuhou', 30.6424, 104.0431],
      ['510108', '成华区', 'Chenghua', 30.6599, 104.1016],
    ],
  },
];

/** A Chinese place name without its level suffix (黄浦区 → 黄浦, 上海市 → 上海, 浦东新区 → 浦东). */
export function shortName(name: string): string {
  return name.replace(/(新区|区|市|省)$/u, '');
}

/** Every bundled place: the cities, then their districts. */
export const BUNDLED_PLACES: KnownPlace[] = CITIES.flatMap((c) => {
  const { province } = c;
  const city: KnownPlace = {
    id: `city:${c.adcode}`,
    title: c.city,
    aliases: [shortName(c.city), c.english],
    address: c.province === c.city ? c.city : `${c.province}${c.city}`,
    category: '行政区划:城市',
    adcode: c.adcode,
    province,
    city: c.city,
    district: '',
    latitude: c.centre[0],
    longitude: c.centre[1],
    level: 'city',
  };
  const districts = c.districts.map(([adcode, district, english, latitude, longitude]): KnownPlace => ({
    id: `district:${adcode}`,
    title: district,
    aliases: [shortName(district), english, `${english}, ${c.english}`],
    address: `${c.province === c.city ? c.city : `${c.province}${c.city}`}${district}`,
    category: '行政区划:区县',
    adcode,
    province,
    city: c.city,
    district,
    latitude,
    longitude,
    level: 'district',
  }));
  return [city, ...districts];
});
