/** The cashout module's endpoints (to be filled). */
export const cashoutEndpoints = {};
