import type { BroadcastResult, ChainSender, SignedTransaction } from './chain-sender';
import type { MoneroConfig } from './monero';
import { MoneroDaemon } from './monero/monero-daemon';
import { MoneroRpc } from './monero/monero-rpc';
import { decodeMoneroRaw } from './monero/signed-raw';

/**
 * Re-sends stored Monero bytes for a service without the spending wallet (refunds): a transaction
 * the daemon knows is accepted; another goes to monerod as it is. The treasury relays through its
 * wallet first (so the wallet counts the inputs spent); this path only repeats what it sent.
 */
export function moneroRelaySender(config: MoneroConfig): Pick<ChainSender, 'broadcast'> {
  const daemon = new MoneroDaemon(new MoneroRpc(config.daemonUrl, 'monerod'));
  return {
    async broadcast(tx: SignedTransaction): Promise<BroadcastResult> {
      const raw = decodeMoneroRaw(tx.raw);
      if (!raw) return { accepted: false, reason: 'not a signed Monero transaction' };
      if ((await daemon.transactions([tx.txid])).length > 0) return { accepted: true };
      const refusal = await daemon.sendRaw(raw.txHex);
      return refusal === null ? { accepted: true } : { accepted: false, reason: refusal };
    },
  };
}
