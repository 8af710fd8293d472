/** The feed module's endpoints (to be filled). */
export const feedEndpoints = {};
