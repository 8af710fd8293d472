/** The code module's endpoints (to be filled). */
export const codeEndpoints = {};
