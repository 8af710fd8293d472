/** The oauth module's endpoints (to be filled). */
export const oauthEndpoints = {};
