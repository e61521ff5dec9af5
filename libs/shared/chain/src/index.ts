export * from './lib/chain-reader';
export * from './lib/chain-sender';
export * from './lib/address-signer';
export { DevnetReader } from './lib/devnet/devnet-reader';
export { DevnetSender } from './lib/devnet/devnet-sender';
export { DevnetRpcError, type DevnetCallOptions } from './lib/devnet/devnet-call';
export * from './lib/devnet/devnet-tx';
export * from './lib/chain-adapters';
