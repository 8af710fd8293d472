import { z } from 'zod';
import { BooleanSchema, IntSchema, StringSchema } from './fields';
import { LocaleSchema } from './locales';

export { APP_VERSION, APP_VERSION_CODE, THEME_COLOR } from './constants';

/** A home banner (the content module's, kept here: the app's configuration carries them, and the app's start needs
 * this module without the rest of the content schemas). */
export const BannerSchema = z.object({
  id: IntSchema,
  /** An upload path (prefix it with the asset host). */
  image: StringSchema,
  title: StringSchema,
  /** '' (not a link), a path in the app (push) or an http(s) address (open outside). */
  link: StringSchema,
});
export type Banner = z.infer<typeof BannerSchema>;

export const RechargePackageSchema = z.object({
  id: IntSchema,
  /** What the payer pays, in the smallest currency unit (fen). */
  price: IntSchema,
  coins: IntSchema,
  bonus: IntSchema,
});
export const FeedingPortionSchema = z.object({ grams: IntSchema, coins: IntSchema });
export const SupportTypeSchema = z.object({ id: IntSchema, name: StringSchema });
export const StatisticsSchema = z.object({
  devices_deployed: IntSchema,
  animals_helped: IntSchema,
  total_feeders: IntSchema,
  total_food_grams: IntSchema,
});

// POST /api/configuration/getConfiguration
export const AppConfigSchema = z.object({
  name: StringSchema,
  version: StringSchema,
  version_code: IntSchema,
  theme_color: StringSchema,
  asset_host: StringSchema,
  currency: StringSchema,
  locales: z.array(LocaleSchema),
  recharge_packages: z.array(RechargePackageSchema),
  feeding_portions: z.array(FeedingPortionSchema),
  statistics: StatisticsSchema,
  cash_out: z.object({
    /** Minimum cash-out, smallest currency unit. */
    min_amount: IntSchema,
    /** Fee rate in basis points (100 = 1%). */
    fee_rate_bp: IntSchema,
  }),
  support_types: z.array(SupportTypeSchema),
  oauth: z.object({ google: BooleanSchema, facebook: BooleanSchema }),
  /** The home page's banners (published banner content items, in the request's language; decision 013). */
  banners: z.array(BannerSchema).optional(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
