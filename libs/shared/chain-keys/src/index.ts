export { generateMnemonic, mnemonicToSeed } from './lib/mnemonic';
export { ACCOUNT_PATHS, BIP32_NETWORKS, type Bip32Network, type Chain } from './lib/paths';
export {
  accountKeyVariables,
  accountPublicKey,
  accountPublicKeys,
  childPrivateKey,
} from './lib/account-keys';
export { depositAddress, type DepositAddressParams } from './lib/deposit-address';
export { extendedKeyForChain } from './lib/extended-key';
export {
  SOLANA_ACCOUNT_PREFIX,
  solanaAccount,
  solanaChildPublicKey,
  solanaChildScalar,
  solanaChildSigner,
  parseSolanaAccountPublic,
  type SolanaAccount,
  type SolanaAccountPublic,
} from './lib/solana-keys';
export { scalarSigner, type Ed25519Signer } from './lib/ed25519-signer';
export {
  MONERO_ACCOUNT_PREFIX,
  moneroAccount,
  moneroAddress,
  moneroAddressSpendKey,
  moneroSpendScalar,
  parseMoneroAccountPublic,
  type MoneroAccount,
  type MoneroAccountPublic,
} from './lib/monero-keys';
export { addressKey, type AddressKey } from './lib/address-key';
export { keyControlsAddress } from './lib/key-owner';
export { secpAddressKey } from './lib/address-key';
export { keySource, type KeySource, type KeySourceOptions, type MoneroWalletSecrets } from './lib/key-source';
export { recoveryKey, type RecoveryKey } from './lib/recovery-key';
