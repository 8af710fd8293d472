/** The user module's endpoints (to be filled). */
export const userEndpoints = {};
