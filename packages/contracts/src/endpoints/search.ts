/** The search module's endpoints (to be filled). */
export const searchEndpoints = {};
