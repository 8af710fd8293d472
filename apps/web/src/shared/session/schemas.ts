/**
 * The endpoints the session calls, in their own module: the session loads it with import(), so zod (their
 * schemas) stays out of the entry chunk (the first paint of the home page needs no schema).
 */
export { configurationEndpoints, userEndpoints } from '@petheart/contracts';
