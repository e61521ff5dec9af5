import type { Clock, Logger } from '@swap/domain';
import type { AttemptOutcome, AttemptResult, EventRepository, WebhookRepository } from '@swap/notifier-data';
import { RecordSwapChange } from './record-swap-change.use-case';
import { WebhookDispatcher, type DispatcherSettings } from './webhook-dispatcher';
import { WebhookOps } from './webhook-ops.use-cases';
import type { ResolveHost } from './webhook-url';

export interface NotifierSettings extends Omit<DispatcherSettings, 'lookup'> {
  /** The base of the status-page links in the swap orders sent (the gateway's PUBLIC_URL). */
  publicUrl: string;
  /** D12: WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
}

export interface NotifierDeps {
  webhooks: WebhookRepository;
  events: EventRepository;
  secrets: { seal(secret: string): string; open(sealed: string): string };
  keyExists: (key: string) => Promise<boolean>;
  onAttempt?: (result: AttemptResult, outcome: AttemptOutcome) => void;
  resolve?: ResolveHost;
  clock: Clock;
  logger: Logger;
}

/** The notifier's use cases: swap changes recorded, the dispatcher that sends them, the operator side. */
export interface Notifier {
  record: RecordSwapChange;
  dispatcher: WebhookDispatcher;
  ops: WebhookOps;
}

export function composeNotifier(deps: NotifierDeps, settings: NotifierSettings): Notifier {
  const { webhooks, events, secrets, clock, logger } = deps;
  const dispatcher = new WebhookDispatcher(
    {
      events,
      openSecret: (sealed) => secrets.open(sealed),
      removeWebhook: (key) => webhooks.remove(key),
      onAttempt: deps.onAttempt,
      clock,
      logger,
    },
    settings,
  );
  const onPending = () => dispatcher.wake();
  return {
    record: new RecordSwapChange(events, { publicUrl: settings.publicUrl, clock, onPending }),
    dispatcher,
    ops: new WebhookOps({
      webhooks,
      events,
      sealSecret: (secret) => secrets.seal(secret),
      keyExists: deps.keyExists,
      allowPrivate: settings.allowPrivate,
      resolve: deps.resolve,
      onPending,
      clock,
    }),
  };
}
