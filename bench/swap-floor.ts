// The least CPU a swap's burst path can cost on this machine, measured in the run: what no
// implementation of the fixed architecture can skip. It turns the ratio target into a figure to
// compare with: the ratio a machine of these cores could reach if a swap cost nothing else.
import { randomBytes } from 'node:crypto';
import { addressKey, mnemonicToSeed } from '@swap/chain-keys';
import { validEd25519, validSecp256k1 } from '@swap/devnet';
import { CURRENCIES, type CurrencyCode } from '@swap/domain';

/** Besides one event per transition, a swap's path takes the deposit report, the payout command and the payout's report. */
const COMMAND_MESSAGES = 3;

/** What the floor is made of, measured in the run. */
export interface SwapCosts {
  /** The treasury's signature of one payout, averaged over the phase's payout currencies. */
  signMs: number;
  /** The chain's check of that signature (the devnet's, OpenSSL). */
  verifyMs: number;
  /** One baseline message: the CPU of the bench and nats-server over the baseline, per message. */
  messageMs: number;
}

export interface SwapFloor extends SwapCosts {
  /**
   * Bus messages of one swap from its deposit-confirmed report to its payout's broadcast, each
   * published (PubAck awaited) and consumed (acked), as the baseline's are: the deposit report, the
   * payout command, the payout's report, and one swap event per transition.
   */
  messages: number;
  /** All of it for one swap. */
  swapMs: number;
  /** The transitions a second `cores` would carry if a swap cost the floor and nothing else. */
  ceiling: number;
  /** That against the baseline. */
  ceilingRatio: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Signs a payout-sized message with each payout currency's key, as the treasury does (secp256k1
 * over sha256 with its recovery byte; ed25519 for SOL and XMR), and verifies it as the devnet does;
 * CPU per payout, averaged over `payouts` (the burst's payout currencies, in their mix).
 */
function signAndVerify(payouts: readonly CurrencyCode[]): { signMs: number; verifyMs: number } {
  const seed = mnemonicToSeed(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  );
  const keys = new Map(
    [...new Set(payouts.map((code) => CURRENCIES[code].network))].map((network) => [
      network,
      addressKey(seed, network, 0),
    ]),
  );
  const messages = payouts.map(() => randomBytes(200));
  const signStart = cpuMs();
  const signed = payouts.map((code, i) => {
    const key = keys.get(CURRENCIES[code].network)!;
    return { key, message: messages[i], signature: key.sign(messages[i]) };
  });
  const signMs = (cpuMs() - signStart) / payouts.length;
  const verifyStart = cpuMs();
  for (const { key, message, signature } of signed) {
    const valid =
      key.scheme === 'ed25519'
        ? validEd25519(message, signature, key.publicKey)
        : validSecp256k1(message, signature, key.publicKey);
    if (!valid) throw new Error(`the floor's ${key.network} signature does not verify`);
  }
  return { signMs, verifyMs: (cpuMs() - verifyStart) / payouts.length };
}

/** The parts of the floor, measured once the JIT has seen the signing code. */
export function measureSwapCosts(
  payouts: readonly CurrencyCode[],
  baseline: { messages: number; cpuMs: number },
): SwapCosts {
  signAndVerify(payouts.slice(0, 100));
  return { ...signAndVerify(payouts), messageMs: baseline.cpuMs / baseline.messages };
}

/** The floor of a swap making `transitions` transitions, and the ratio it caps on `cores`. */
export function swapFloor(
  costs: SwapCosts,
  transitions: number,
  baselineRate: number,
  cores: number,
): SwapFloor {
  const messages = COMMAND_MESSAGES + transitions;
  const swapMs = costs.signMs + costs.verifyMs + messages * costs.messageMs;
  const ceiling = (transitions * cores * 1000) / swapMs;
  return { ...costs, messages, swapMs, ceiling, ceilingRatio: ceiling / baselineRate };
}
