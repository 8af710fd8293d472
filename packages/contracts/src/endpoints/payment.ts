/** The payment module's endpoints (to be filled). */
export const paymentEndpoints = {};
