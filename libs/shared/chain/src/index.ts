export * from './lib/chain-reader';
export * from './lib/chain-sender';
