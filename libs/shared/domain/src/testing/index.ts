export * from './swap.fixtures';
export * from './quiet-logger';
export * from './address.fixtures';
export * from './recording-logger';
