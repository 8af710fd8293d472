import { z } from 'zod';
import { BooleanSchema, IntSchema, rowId, StringSchema } from './fields';

/**
 * Where a base is (issue 28 §5, decision 037). People who harm street animals use public feeder maps, so everyone
 * but a base's operator and admins sees its point coarse (the centre of a fixed grid cell about 1 km square) and
 * no address text, unless the operator chooses to publish the exact location (`location_public`, off by default).
 */

// ---- POST /api/manage/bases: the operator's bases with their exact and their public location ----

export const ManagedBaseSchema = z.object({
  id: IntSchema,
  name: StringSchema,
  /** The exact address and point (the operator's own). */
  address: StringSchema,
  latitude: z.number(),
  longitude: z.number(),
  /** Whether everyone may see the exact location. */
  location_public: BooleanSchema,
  /** What everyone else sees now: the address ('' while coarse) and the point. */
  public_address: StringSchema,
  public_latitude: z.number(),
  public_longitude: z.number(),
});
export type ManagedBase = z.infer<typeof ManagedBaseSchema>;
export const ManagedBaseListDataSchema = z.object({ list: z.array(ManagedBaseSchema) });
export type ManagedBaseListData = z.infer<typeof ManagedBaseListDataSchema>;

// ---- POST /api/manage/base/location: publish the exact location of one of the operator's bases, or not ----

export const ManagedBaseLocationBodySchema = z.object({
  base_id: rowId('v.invalid'),
  location_public: z.boolean({ error: 'v.invalid' }),
});
export type ManagedBaseLocationBody = z.infer<typeof ManagedBaseLocationBodySchema>;
