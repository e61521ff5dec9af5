/** Nest injection tokens of the gateway app. */
export const GATEWAY = Symbol('GATEWAY');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');
