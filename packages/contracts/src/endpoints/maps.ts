/** The maps module's endpoints (to be filled). */
export const mapsEndpoints = {};
