import { z } from 'zod';
import {
  APP_VERSION,
  APP_VERSION_CODE,
  FeedingPortionSchema,
  LOCALES,
  RechargePackageSchema,
  THEME_COLOR,
  type AppConfig,
  type Locale,
} from '@petheart/contracts';
import type { SettingsRepository } from './repository';

const LocalizedName = z.record(z.string(), z.string());
const StoredSettingsSchema = z.object({
  recharge_packages: z.array(RechargePackageSchema),
  feeding_portions: z.array(FeedingPortionSchema),
  cash_out: z.object({ min_amount: z.number().int(), fee_rate_bp: z.number().int() }),
  support_types: z.array(z.object({ id: z.number().int(), name: LocalizedName })),
});
type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export const DEFAULT_SETTINGS: StoredSettings = {
  recharge_packages: [
    { id: 1, price: 600, coins: 60, bonus: 0 },
    { id: 2, price: 3000, coins: 300, bonus: 10 },
    { id: 3, price: 6800, coins: 680, bonus: 30 },
    { id: 4, price: 12800, coins: 1280, bonus: 80 },
  ],
  feeding_portions: [
    { grams: 10, coins: 10 },
    { grams: 20, coins: 18 },
    { grams: 50, coins: 40 },
  ],
  cash_out: { min_amount: 10000, fee_rate_bp: 60 },
  support_types: [
    { id: 1, name: { en: 'Food', ja: 'フード', 'zh-CN': '粮食', 'zh-TW': '糧食' } },
    { id: 2, name: { en: 'Medical care', ja: '医療', 'zh-CN': '医疗', 'zh-TW': '醫療' } },
    { id: 3, name: { en: 'Shelter', ja: 'シェルター', 'zh-CN': '救助站建设', 'zh-TW': '救助站建設' } },
  ],
};

export interface StatisticsSource {
  statistics(): Promise<AppConfig['statistics']>;
}

export interface ConfigurationDeps {
  settings: SettingsRepository;
  statistics: StatisticsSource;
  assetHost: string;
  oauth: { google: boolean; facebook: boolean };
}

/** The app configuration: fixed product facts plus operator-editable settings, cached in memory. */
export class ConfigurationService {
  private cached: StoredSettings | undefined;

  constructor(private readonly deps: ConfigurationDeps) {}

  async settings(): Promise<StoredSettings> {
    if (this.cached) return this.cached;
    const stored = StoredSettingsSchema.safeParse(await this.deps.settings.get('app'));
    this.cached = stored.success ? stored.data : DEFAULT_SETTINGS;
    return this.cached;
  }

  async updateSettings(next: StoredSettings): Promise<void> {
    const value = StoredSettingsSchema.parse(next);
    await this.deps.settings.set('app', value);
    this.cached = value;
  }

  async forClient(locale: Locale): Promise<AppConfig> {
    const s = await this.settings();
    return {
      name: 'PetHeart',
      version: APP_VERSION,
      version_code: APP_VERSION_CODE,
      theme_color: THEME_COLOR,
      asset_host: this.deps.assetHost,
      currency: 'CNY',
      locales: [...LOCALES],
      recharge_packages: s.recharge_packages,
      feeding_portions: s.feeding_portions,
      statistics: await this.deps.statistics.statistics(),
      cash_out: s.cash_out,
      support_types: s.support_types.map((t) => ({ id: t.id, name: t.name[locale] ?? t.name.en ?? '' })),
      oauth: this.deps.oauth,
    };
  }
}
