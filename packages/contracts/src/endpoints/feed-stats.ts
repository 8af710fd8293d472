/** The feed-stats module's endpoints (to be filled). */
export const feedStatsEndpoints = {};
