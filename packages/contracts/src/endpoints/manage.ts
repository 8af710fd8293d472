/** The manage module's endpoints (to be filled). */
export const manageEndpoints = {};
