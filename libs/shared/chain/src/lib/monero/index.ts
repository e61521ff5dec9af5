export { moneroConfig, type MoneroConfig } from './monero-config';
export { moneroViewWallet, type MoneroWalletKeys } from './monero-wallet-keys';
export { moneroReader } from './monero-reader';
export { moneroSender } from './monero-sender';
