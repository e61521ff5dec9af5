/** The refunds service's use cases (composeRefunds's result). */
export const REFUNDS = Symbol('REFUNDS');
