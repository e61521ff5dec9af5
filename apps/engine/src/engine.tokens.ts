/** The engine's use cases, jobs and inbox (composeEngine's result). */
export const ENGINE = Symbol('ENGINE');
