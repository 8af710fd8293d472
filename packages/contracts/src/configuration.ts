import { z } from 'zod';
import { LocaleSchema } from './locales';

export { APP_VERSION, APP_VERSION_CODE, THEME_COLOR } from './constants';

/** A home banner (the content module's, kept here: the app's configuration carries them, and the app's start needs
 * this module without the rest of the content schemas). */
export const BannerSchema = z.object({
  id: z.number().int(),
  /** An upload path (prefix it with the asset host). */
  image: z.string(),
  title: z.string(),
  /** '' (not a link), a path in the app (push) or an http(s) address (open outside). */
  link: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const RechargePackageSchema = z.object({
  id: z.number().int(),
  /** What the payer pays, in the smallest currency unit (fen). */
  price: z.number().int(),
  coins: z.number().int(),
  bonus: z.number().int(),
});
export const FeedingPortionSchema = z.object({ grams: z.number().int(), coins: z.number().int() });
export const SupportTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export const StatisticsSchema = z.object({
  devices_deployed: z.number().int(),
  animals_helped: z.number().int(),
  total_feeders: z.number().int(),
  total_food_grams: z.number().int(),
});

// POST /api/configuration/getConfiguration
export const AppConfigSchema = z.object({
  name: z.string(),
  version: z.string(),
  version_code: z.number().int(),
  theme_color: z.string(),
  asset_host: z.string(),
  currency: z.string(),
  locales: z.array(LocaleSchema),
  recharge_packages: z.array(RechargePackageSchema),
  feeding_portions: z.array(FeedingPortionSchema),
  statistics: StatisticsSchema,
  cash_out: z.object({
    /** Minimum cash-out, smallest currency unit. */
    min_amount: z.number().int(),
    /** Fee rate in basis points (100 = 1%). */
    fee_rate_bp: z.number().int(),
  }),
  support_types: z.array(SupportTypeSchema),
  oauth: z.object({ google: z.boolean(), facebook: z.boolean() }),
  /** The home page's banners (published banner content items, in the request's language; decision 013). */
  banners: z.array(BannerSchema).optional(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
