/** Nest injection tokens of the treasury app. */
export const TREASURY = Symbol('TREASURY');
export const TREASURY_CONFIG = Symbol('TREASURY_CONFIG');
export const TREASURY_LOGGER = Symbol('TREASURY_LOGGER');
