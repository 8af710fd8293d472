/** The security module's endpoints (to be filled). */
export const securityEndpoints = {};
