export * from './lib/machine';
