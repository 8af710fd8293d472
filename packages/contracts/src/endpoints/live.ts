/** The live module's endpoints (to be filled). */
export const liveEndpoints = {};
