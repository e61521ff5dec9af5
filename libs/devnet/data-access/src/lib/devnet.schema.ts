import { DevnetInit1764000000000 } from './migrations/1764000000000-devnet-init';
import { DevnetWallets1764100000000 } from './migrations/1764100000000-devnet-wallets';

/** The devnet's schema and its migrations, in order. Plain SQL, so no entities. */
export const DEVNET_SCHEMA = 'devnet';
export const DEVNET_MIGRATIONS = [DevnetInit1764000000000, DevnetWallets1764100000000];
