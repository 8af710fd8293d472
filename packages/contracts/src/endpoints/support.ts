/** The support module's endpoints (to be filled). */
export const supportEndpoints = {};
