import type { Endpoint } from '../endpoint';
import { postEndpoints } from './post';

export { postEndpoints } from './post';

/**
 * Every endpoint, for the API's route check and for tests that find an endpoint by its path. App code imports
 * the group it calls instead (a chunk then carries only those schemas).
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [postEndpoints].flatMap((group) => Object.values(group));
