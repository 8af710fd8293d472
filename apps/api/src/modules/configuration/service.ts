import { z } from 'zod';
import {
  APP_VERSION,
  AppConfigSchema,
  APP_VERSION_CODE,
  FeedingPortionSchema,
  LOCALES,
  RechargePackageSchema,
  THEME_COLOR,
  type AppConfig,
  type Banner,
  type Locale,
} from '@petheart/contracts';
import { CachedValue } from '../../lib/cached-value';
import type { SettingsRepository } from './repository';
import { tellListeners } from '../../lib/listeners';

const LocalizedName = z.record(z.string(), z.string());
const StoredSettingsSchema = z.object({
  recharge_packages: z.array(RechargePackageSchema),
  feeding_portions: z.array(FeedingPortionSchema),
  // Money in fen; fee_fixed and coin_value came later (decision 015): settings saved before them get the defaults.
  cash_out: z.object({
    min_amount: z.number().int(),
    fee_rate_bp: z.number().int(),
    fee_fixed: z.number().int().default(0),
    coin_value: z.number().int().positive().default(10),
  }),
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
  // 100.00 minimum, 0.6 % fee, a coin is worth 0.10 (the recharge packages' price: 600 fen = 60 coins).
  cash_out: { min_amount: 10000, fee_rate_bp: 60, fee_fixed: 0, coin_value: 10 },
  support_types: [
    { id: 1, name: { en: 'Food', ja: 'フード', 'zh-CN': '粮食', 'zh-TW': '糧食' } },
    { id: 2, name: { en: 'Medical care', ja: '医療', 'zh-CN': '医疗', 'zh-TW': '醫療' } },
    { id: 3, name: { en: 'Shelter', ja: 'シェルター', 'zh-CN': '救助站建设', 'zh-TW': '救助站建設' } },
  ],
};

/** The saved settings, or the defaults when nothing (valid) is saved. */
function parseStored(value: unknown): StoredSettings {
  const stored = StoredSettingsSchema.safeParse(value);
  return stored.success ? stored.data : DEFAULT_SETTINGS;
}

export interface StatisticsSource {
  /** The home page's figures: the same object until they change (the answer is kept while they are). */
  statistics(): Promise<AppConfig['statistics']>;
}

export interface ConfigurationDeps {
  settings: SettingsRepository;
  statistics: StatisticsSource;
  assetHost: string;
  oauth: { google: boolean; facebook: boolean };
  /**
   * The home page's banners in a language (content items, decision 013); left out of the config without it.
   * The same array until they change (the answer is kept while they are).
   */
  banners?: (locale: Locale) => Promise<Banner[]>;
  /**
   * How long the settings are kept in memory (default: until this process changes them). With several API
   * processes (PostgreSQL) 0: another process's edit must show at once.
   */
  cacheMs?: number;
}

/** The currency of prices (recharge packages, payment orders). */
export const CURRENCY = 'CNY';

/** What one language's answer was built from: while these are the same objects, so is the answer. */
interface ClientAnswer {
  settings: StoredSettings;
  statistics: AppConfig['statistics'];
  banners: Banner[] | undefined;
  json: string;
}

/**
 * The app configuration: fixed product facts plus operator-editable settings. Every app start asks for it,
 * so it answers from memory: the settings are kept here (changed through this service), the statistics and
 * banners by their own services, and each language's answer is serialized once for as long as those stay
 * the same.
 */
export class ConfigurationService {
  private readonly stored: CachedValue<StoredSettings>;
  private readonly answers = new Map<Locale, ClientAnswer>();
  private readonly patchListeners = new Set<(patch: Partial<StoredSettings>) => void>();

  constructor(private readonly deps: ConfigurationDeps) {
    this.stored = new CachedValue(
      async () => parseStored(await deps.settings.get('app')),
      deps.cacheMs ?? Number.POSITIVE_INFINITY,
    );
  }

  settings(): Promise<StoredSettings> {
    return this.stored.get();
  }

  async updateSettings(next: StoredSettings): Promise<void> {
    await this.patchSettings(next);
  }

  /**
   * Replaces the parts given (the rest stays as saved), in one locked read-modify-write; this process's
   * getConfiguration answers the new settings at once (a read that started before the edit is not kept).
   * Returns the settings now saved.
   */
  async patchSettings(patch: Partial<StoredSettings>): Promise<StoredSettings> {
    this.stored.invalidate();
    const value = await this.deps.settings.update('app', DEFAULT_SETTINGS, (current) =>
      StoredSettingsSchema.parse({ ...parseStored(current), ...patch }),
    );
    this.stored.set(value);
    tellListeners(this.patchListeners, patch, () => undefined);
    return value;
  }

  /** Tells `listener` each patch this process saved (the device configurations follow the default portions). */
  onPatched(listener: (patch: Partial<StoredSettings>) => void): () => void {
    this.patchListeners.add(listener);
    return () => this.patchListeners.delete(listener);
  }

  /** getConfiguration's data in a language as JSON, checked against its schema when it was built. */
  async clientJson(locale: Locale): Promise<string> {
    const [settings, statistics, banners] = await Promise.all([
      this.settings(),
      this.deps.statistics.statistics(),
      this.deps.banners?.(locale),
    ]);
    const kept = this.answers.get(locale);
    if (kept?.settings === settings && kept.statistics === statistics && kept.banners === banners) return kept.json;
    const json = JSON.stringify(AppConfigSchema.parse(this.build(locale, settings, statistics, banners)));
    this.answers.set(locale, { settings, statistics, banners, json });
    return json;
  }

  async forClient(locale: Locale): Promise<AppConfig> {
    const [settings, statistics, banners] = await Promise.all([
      this.settings(),
      this.deps.statistics.statistics(),
      this.deps.banners?.(locale),
    ]);
    return this.build(locale, settings, statistics, banners);
  }

  private build(
    locale: Locale,
    s: StoredSettings,
    statistics: AppConfig['statistics'],
    banners: Banner[] | undefined,
  ): AppConfig {
    return {
      name: 'PetHeart',
      version: APP_VERSION,
      version_code: APP_VERSION_CODE,
      theme_color: THEME_COLOR,
      asset_host: this.deps.assetHost,
      currency: CURRENCY,
      locales: [...LOCALES],
      recharge_packages: s.recharge_packages,
      feeding_portions: s.feeding_portions,
      statistics,
      cash_out: { min_amount: s.cash_out.min_amount, fee_rate_bp: s.cash_out.fee_rate_bp },
      support_types: s.support_types.map((t) => ({ id: t.id, name: t.name[locale] ?? t.name.en ?? '' })),
      oauth: this.deps.oauth,
      ...(banners ? { banners } : {}),
    };
  }
}
