/** The pet module's endpoints (to be filled). */
export const petEndpoints = {};
