export * from './is-valid-address';
