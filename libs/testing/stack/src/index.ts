export * from './lib/service-process';
export * from './lib/signed-fetch';
export * from './lib/stack';
export * from './lib/repo-root';
export * from './lib/crash-loop';
