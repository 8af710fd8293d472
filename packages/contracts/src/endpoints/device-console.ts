/** The device module's console endpoints (to be filled). */
export const deviceConsoleEndpoints = {};
