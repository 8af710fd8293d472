/** The content module's endpoints (to be filled). */
export const contentEndpoints = {};
