import { accountPublicKeys, depositAddress, mnemonicToSeed } from '@swap/chain-keys';
import { CURRENCIES, toUnits, type CurrencyCode, type Network } from '@swap/domain';
import { TEST_MNEMONIC } from '@swap/stack';

/** The crash test's networks: two with a token (sweeps with gas top-ups), two without. */
export const CRASH_NETWORKS: readonly Network[] = ['BTC', 'ETH', 'TRX', 'SOL'];

/** The users' wallets: a phrase the treasury does not hold, one address per swap and role. */
const USERS = accountPublicKeys(
  mnemonicToSeed('legal winner thank year wave sausage worth useful legal winner thank yellow'),
);
/** The phrase the stack's treasury holds. */
const TREASURY = accountPublicKeys(mnemonicToSeed(TEST_MNEMONIC));

export const network = (code: CurrencyCode): Network => CURRENCIES[code].network;
/** A decimal amount of `code` in base units. */
export const units = (amount: string, code: CurrencyCode): bigint =>
  toUnits(amount, CURRENCIES[code].chainDecimals);
export const userAddress = (code: CurrencyCode, index: number): string =>
  depositAddress(network(code), USERS[network(code)], index);
/** Index 0 of the treasury's account: where payouts and refunds leave from. */
export const hotWallet = (net: Network): string => depositAddress(net, TREASURY[net], 0);

/** float: paid as created → DONE; below-minimum and more-refund: → REFUNDED. */
export type Kind = 'float' | 'below-minimum' | 'more-refund';

export interface Planned {
  kind: Kind;
  from: CurrencyCode;
  to: CurrencyCode;
  /** What the swap is created for. */
  amount: string;
  /** What the user deposits. */
  paid: string;
}

const FLOAT: Array<[CurrencyCode, CurrencyCode, string]> = [
  ['BTC', 'ETH', '0.01'],
  ['ETH', 'USDTTRC', '0.5'],
  ['USDTERC', 'SOL', '200'],
  ['SOL', 'USDTERC', '5'],
  ['TRX', 'BTC', '500'],
  ['USDTTRC', 'ETH', '200'],
  ['ETH', 'TRX', '0.5'],
  ['BTC', 'SOL', '0.01'],
  ['SOL', 'USDTTRC', '5'],
  ['TRX', 'USDTERC', '500'],
];
/** Paid below the currency's minimum, with a refund address: refunded automatically. */
const BELOW_MINIMUM: Array<[CurrencyCode, CurrencyCode, string, string]> = [
  ['BTC', 'ETH', '0.01', '0.0005'],
  ['SOL', 'BTC', '5', '0.1'],
  ['ETH', 'SOL', '0.5', '0.005'],
  ['TRX', 'ETH', '500', '50'],
  ['USDTTRC', 'BTC', '200', '10'],
  ['USDTERC', 'TRX', '200', '20'],
];
/** Fixed rate, paid 20 % more: RATE_CHANGED, then the user chooses REFUND. */
const MORE: Array<[CurrencyCode, CurrencyCode, string, string]> = [
  ['BTC', 'ETH', '0.01', '0.012'],
  ['ETH', 'SOL', '0.5', '0.6'],
  ['SOL', 'TRX', '5', '6'],
  ['USDTTRC', 'BTC', '200', '240'],
];

const planned =
  (kind: Kind) =>
  ([from, to, amount, paid]: [CurrencyCode, CurrencyCode, string, string?]): Planned => ({
    kind,
    from,
    to,
    amount,
    paid: paid ?? amount,
  });

/** 50 swaps: 40 float ones paid out, 10 refunded. */
export const CRASH_PLAN: Planned[] = [
  ...[0, 1, 2, 3].flatMap(() => FLOAT.map(planned('float'))),
  ...BELOW_MINIMUM.map(planned('below-minimum')),
  ...MORE.map(planned('more-refund')),
];

/** A planned swap once created, as the test follows it. */
export interface Running extends Planned {
  id: string;
  depositAddress: string;
  toAddress: string;
  refundAddress: string;
  status: string;
  fundedAt?: number;
  endedAt?: number;
}

/** From the deposit to the end state (or until now), in ms. */
export const duration = (swap: Running): number =>
  (swap.endedAt ?? Date.now()) - (swap.fundedAt ?? Date.now());
