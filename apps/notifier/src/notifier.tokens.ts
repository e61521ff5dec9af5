/** The notifier's use cases (composeNotifier's result). */
export const NOTIFIER = Symbol('NOTIFIER');
