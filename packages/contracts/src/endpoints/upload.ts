/** The upload module's endpoints (to be filled). */
export const uploadEndpoints = {};
