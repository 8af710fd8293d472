/** The media module's endpoints (to be filled). */
export const mediaEndpoints = {};
