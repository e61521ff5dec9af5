import { BUS_ACCESS, type BusAccess } from '@swap/contracts';

/** A nats-server user's permissions, as its configuration file spells them. */
export interface NatsPermissions {
  /** `deny` wins over `allow`: it carves other identities' consumers out of a wildcard. */
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  /** Lets a responder publish once to the reply subject of each request it received. */
  allow_responses?: boolean;
}

const API = '$JS.API';

/**
 * Every reply comes to the identity's own inbox prefix, so no identity can hear another's replies
 * (an API secret on its way to swapctl, a signed transfer on its way to the refunds service).
 */
export const inboxPrefixOf = (identity: string): string => `_INBOX_${identity}`;

/**
 * The subjects an identity needs for what its table entry says, and nothing else: the contracts'
 * own subjects, plus the JetStream API subjects of its streams, consumers and buckets (what
 * nats.js sends for each call: `$JS.API.STREAM.INFO.<stream>`, `$JS.API.CONSUMER.MSG.NEXT.<stream>.<durable>`, …).
 */
export function natsPermissions(identity: string, access: BusAccess): NatsPermissions {
  const pub = new Set<string>([
    // jetstreamManager() checks that JetStream answers.
    `${API}.INFO`,
  ]);
  const sub = new Set<string>([`${inboxPrefixOf(identity)}.>`]);
  const deny = new Set<string>();

  for (const { stream, owner } of access.streams) {
    pub.add(`${API}.STREAM.INFO.${stream.name}`);
    pub.add(`${API}.STREAM.CREATE.${stream.name}`);
    if (owner) pub.add(`${API}.STREAM.UPDATE.${stream.name}`);
  }
  for (const event of access.publishes) pub.add(event.filter);
  for (const { event, durables } of access.consumes) {
    const stream = event.stream.name;
    pub.add(`${API}.STREAM.INFO.${stream}`);
    for (const durable of durables) {
      pub.add(`${API}.CONSUMER.CREATE.${stream}.${durable}`);
      pub.add(`${API}.CONSUMER.CREATE.${stream}.${durable}.>`);
      pub.add(`${API}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`);
      pub.add(`${API}.CONSUMER.INFO.${stream}.${durable}`);
      pub.add(`${API}.CONSUMER.MSG.NEXT.${stream}.${durable}`);
      pub.add(`$JS.ACK.${stream}.${durable}.>`);
    }
  }
  for (const event of access.observes) sub.add(event.filter);
  for (const event of access.follows) {
    // Ordered consumers: a new name each time, created with the contract's filter (or one subject
    // of it, to read it back), pulled and deleted; and a subject's last stored message, where a read back ends.
    const stream = event.stream.name;
    pub.add(`${API}.STREAM.INFO.${stream}`);
    // Bus.follow makes the stream if its owner has not yet, as any user of a stream may.
    pub.add(`${API}.STREAM.CREATE.${stream}`);
    pub.add(`${API}.STREAM.MSG.GET.${stream}`);
    pub.add(`${API}.CONSUMER.CREATE.${stream}.*.${event.filter}`);
    pub.add(`${API}.CONSUMER.INFO.${stream}.*`);
    pub.add(`${API}.CONSUMER.MSG.NEXT.${stream}.*`);
    pub.add(`${API}.CONSUMER.DELETE.${stream}.*`);
    // Those wildcards would reach the other services' durables on the stream too (read their
    // messages, change or delete them): not those.
    for (const durable of othersDurables(stream, access)) {
      for (const op of ['CREATE', 'DURABLE.CREATE', 'INFO', 'MSG.NEXT', 'DELETE'])
        deny.add(`${API}.CONSUMER.${op}.${stream}.${durable}`);
      deny.add(`${API}.CONSUMER.CREATE.${stream}.${durable}.>`);
    }
  }
  for (const rpc of access.serves) sub.add(rpc.subject);
  for (const rpc of access.calls) pub.add(rpc.subject);
  for (const signal of access.sends) pub.add(signal.subject);
  for (const signal of access.hears) sub.add(signal.subject);
  for (const { bucket, write, owner } of access.kv) {
    const stream = `KV_${bucket.bucket}`;
    pub.add(`${API}.STREAM.INFO.${stream}`);
    pub.add(`${API}.STREAM.CREATE.${stream}`);
    if (owner) pub.add(`${API}.STREAM.UPDATE.${stream}`);
    pub.add(`${API}.STREAM.MSG.GET.${stream}`);
    pub.add(`${API}.DIRECT.GET.${stream}`);
    pub.add(`${API}.DIRECT.GET.${stream}.>`);
    // Watches and key listings run an ordered consumer of their own (a new name each time).
    pub.add(`${API}.CONSUMER.CREATE.${stream}`);
    pub.add(`${API}.CONSUMER.CREATE.${stream}.>`);
    pub.add(`${API}.CONSUMER.INFO.${stream}.*`);
    pub.add(`${API}.CONSUMER.DELETE.${stream}.*`);
    pub.add(`$JS.FC.${stream}.>`);
    if (write) pub.add(`$KV.${bucket.bucket}.>`);
  }

  const permissions: NatsPermissions = {
    publish: { allow: [...pub].sort() },
    subscribe: { allow: [...sub].sort() },
  };
  if (deny.size > 0) permissions.publish.deny = [...deny].sort();
  if (access.serves.length > 0) permissions.allow_responses = true;
  return permissions;
}

/** The durable consumers on `stream` of every identity but the one whose access this is. */
function othersDurables(stream: string, access: BusAccess): string[] {
  const own = new Set(access.consumes.flatMap(({ durables }) => durables));
  return Object.values(BUS_ACCESS)
    .flatMap(({ consumes }) => consumes)
    .filter(({ event }) => event.stream.name === stream)
    .flatMap(({ durables }) => durables)
    .filter((durable) => !own.has(durable));
}
