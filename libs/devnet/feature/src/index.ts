export { Devnet, type DevnetOptions, type SubmitResult } from './lib/devnet';
export { DevnetChain, type DevnetChainParams, type Changed } from './lib/devnet-chain';
export { DevnetError, TxRefused } from './lib/devnet-error';
export { DEFAULT_FUNDING, MAX_REORG_DEPTH, TRANSFER_FEES } from './lib/devnet-params';
export { faucetAddress } from './lib/addresses';
export { DevnetRpcController } from './lib/devnet-rpc.controller';
export { validEd25519, validSecp256k1 } from './lib/signature';
