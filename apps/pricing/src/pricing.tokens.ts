/** Nest injection tokens of the pricing app. */
export const PRICING = Symbol('PRICING');
export const PRICING_CONFIG = Symbol('PRICING_CONFIG');
export const PRICING_LOGGER = Symbol('PRICING_LOGGER');
