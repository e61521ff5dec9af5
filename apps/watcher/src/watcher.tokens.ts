/** Nest injection tokens of the watcher app. */
export const WATCHER = Symbol('WATCHER');
export const WATCHER_CONFIG = Symbol('WATCHER_CONFIG');
export const WATCHER_LOGGER = Symbol('WATCHER_LOGGER');
