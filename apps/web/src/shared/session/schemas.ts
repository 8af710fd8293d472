/**
 * The schemas the session needs, in their own module: the session loads it with import(), so zod stays out
 * of the entry chunk (the first paint of the home page needs no schema).
 */
import { z } from 'zod';
export { AppConfigSchema, UserInfoDataSchema } from '@petheart/contracts';
export const LogoutSchema = z.unknown();
