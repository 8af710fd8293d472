/** The configuration module's endpoints (to be filled). */
export const configurationEndpoints = {};
