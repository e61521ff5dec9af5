import {
  BUS_ACCESS,
  BUS_IDENTITIES,
  busAccessOf,
  devnetTip,
  engineInbox,
  gatewayCreateKey,
  swapUpdated,
  treasurySignTransfer,
  type BusIdentity,
} from '@swap/contracts';
import { inboxPrefixOf, natsPermissions } from './permissions';

/** NATS subject matching: `*` one token, `>` the rest. */
function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

const of = (identity: BusIdentity) => natsPermissions(identity, BUS_ACCESS[identity]);
/** As nats-server judges it: an allowed subject that no deny pattern matches. */
const mayPublish = (identity: BusIdentity, subject: string) =>
  of(identity).publish.allow.some((pattern) => matches(pattern, subject)) &&
  !(of(identity).publish.deny ?? []).some((pattern) => matches(pattern, subject));
const maySubscribe = (identity: BusIdentity, subject: string) =>
  of(identity).subscribe.allow.some((pattern) => matches(pattern, subject));
const whoMayPublish = (subject: string) => BUS_IDENTITIES.filter((id) => mayPublish(id, subject));

describe('natsPermissions', () => {
  it('lets only the refunds service ask the treasury to sign a transfer', () => {
    expect(whoMayPublish(treasurySignTransfer.subject)).toEqual(['refunds']);
  });

  it('lets only the engine publish swap events and money commands', () => {
    expect(whoMayPublish(swapUpdated.subject('sw_1'))).toEqual(['engine']);
    expect(whoMayPublish('treasury.payout.sw_1')).toEqual(['engine']);
    expect(whoMayPublish('refunds.refund.sw_1')).toEqual(['engine']);
  });

  it('lets only the operator send ops commands', () => {
    expect(whoMayPublish(gatewayCreateKey.subject)).toEqual(['operator']);
    for (const identity of BUS_IDENTITIES.filter((id) => id !== 'operator')) {
      const ops = of(identity).publish.allow.filter(
        (pattern) => matches(pattern, 'ops.x') || pattern.startsWith('ops.'),
      );
      expect({ identity, ops }).toEqual({ identity, ops: [] });
    }
  });

  it('keeps the gateway, which faces the internet, off the engine inbox and the treasury', () => {
    expect(mayPublish('gateway', engineInbox.subject('sw_1'))).toBe(false);
    expect(mayPublish('gateway', '$KV.liquidity.BTC')).toBe(false);
    expect(mayPublish('gateway', '$JS.API.CONSUMER.CREATE.MONEY_COMMANDS.x')).toBe(false);
    expect(mayPublish('gateway', '$JS.API.STREAM.UPDATE.SWAP_EVENTS')).toBe(false);
    expect(mayPublish('gateway', '$JS.API.STREAM.DELETE.GATEWAY_NONCES')).toBe(false);
  });

  it('has no wildcard that spans every subject, stream or consumer', () => {
    for (const identity of BUS_IDENTITIES) {
      const all = [...of(identity).publish.allow, ...of(identity).subscribe.allow];
      expect(
        all.filter((p) => p === '>' || /^\$JS\.API\.(>|\*)/.test(p) || p === '$JS.API.CONSUMER.>'),
      ).toEqual([]);
    }
  });

  it('gives each identity its own inbox, which no other identity hears', () => {
    for (const identity of BUS_IDENTITIES) {
      const inbox = `${inboxPrefixOf(identity)}.abc`;
      expect(maySubscribe(identity, inbox)).toBe(true);
      expect(BUS_IDENTITIES.filter((other) => maySubscribe(other, inbox))).toEqual([identity]);
      expect(maySubscribe(identity, '_INBOX.abc')).toBe(false);
    }
  });

  it('lets a service answer requests only where it serves some', () => {
    expect(of('treasury').allow_responses).toBe(true);
    expect(of('refunds').allow_responses).toBeUndefined();
  });

  it("names a consumer's durables, not a stream's every consumer", () => {
    expect(mayPublish('notifier', '$JS.API.CONSUMER.MSG.NEXT.SWAP_EVENTS.notifier')).toBe(true);
    expect(mayPublish('notifier', '$JS.API.CONSUMER.MSG.NEXT.SWAP_EVENTS.gateway-swap-views')).toBe(false);
    expect(mayPublish('notifier', '$JS.ACK.SWAP_EVENTS.notifier.1.2.3.4.5')).toBe(true);
    expect(mayPublish('notifier', '$JS.ACK.SWAP_EVENTS.treasury-swaps.1.2.3.4.5')).toBe(false);
  });

  it("lets the gateway's ordered consumers (live events) follow SWAP_EVENTS, but not touch another's durable", () => {
    const consumer = (op: string, name: string) => `$JS.API.CONSUMER.${op}.SWAP_EVENTS.${name}`;
    expect(mayPublish('gateway', `${consumer('CREATE', 'live_1')}.swap.*.updated`)).toBe(true);
    for (const op of ['INFO', 'MSG.NEXT', 'DELETE']) {
      expect(mayPublish('gateway', consumer(op, 'live_1'))).toBe(true);
      expect(mayPublish('gateway', consumer(op, 'gateway-swap-views'))).toBe(true);
      for (const durable of ['notifier', 'treasury-swaps', 'watcher-eth'])
        expect(mayPublish('gateway', consumer(op, durable))).toBe(false);
    }
    expect(mayPublish('gateway', `${consumer('CREATE', 'notifier')}.swap.*.updated`)).toBe(false);
  });

  it('lets the chain users reach the devnet only in a deployment that runs it', () => {
    const calls = (devnet: boolean) =>
      natsPermissions('watcher', busAccessOf('watcher', { devnet })).publish.allow.includes(
        devnetTip.subject,
      );
    expect(calls(true)).toBe(true);
    expect(calls(false)).toBe(false);
    expect(busAccessOf('gateway', { devnet: true })).toBe(BUS_ACCESS.gateway);
  });
});
