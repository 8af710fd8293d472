/** The support module's console endpoints (to be filled). */
export const supportConsoleEndpoints = {};
