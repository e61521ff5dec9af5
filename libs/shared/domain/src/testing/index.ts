export * from './swap.fixtures';
