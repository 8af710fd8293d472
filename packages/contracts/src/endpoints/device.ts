/** The device module's endpoints (to be filled). */
export const deviceEndpoints = {};
