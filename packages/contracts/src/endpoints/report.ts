/** The report module's endpoints (to be filled). */
export const reportEndpoints = {};
