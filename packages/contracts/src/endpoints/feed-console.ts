/** The feed module's console endpoints (to be filled). */
export const feedConsoleEndpoints = {};
