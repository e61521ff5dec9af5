export * from './lib/liquidity';
