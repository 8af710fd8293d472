/** The base module's endpoints (to be filled). */
export const baseEndpoints = {};
