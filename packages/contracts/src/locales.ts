import { z } from 'zod';
import { LOCALES } from './locale-tags';

export * from './locale-tags';
export const LocaleSchema = z.enum(LOCALES);
