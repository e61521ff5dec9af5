export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');
export const NONCE_STORE = Symbol('NONCE_STORE');
