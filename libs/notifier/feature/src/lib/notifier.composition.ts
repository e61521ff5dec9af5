import type { Clock, Logger } from '@swap/domain';
import {
  webhookSecretContext,
  type AttemptOutcome,
  type AttemptResult,
  type EventRepository,
  type WebhookRepository,
} from '@swap/notifier-data';
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
  /** Seals and opens webhook secrets under WEBHOOK_SECRETS_KEY (a SecretBox). */
  secrets: { seal(secret: string, context: string): string; open(sealed: string, context: string): string };
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
      openSecret: (sealed, key) => secrets.open(sealed, webhookSecretContext(key)),
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
      sealSecret: (secret, key) => secrets.seal(secret, webhookSecretContext(key)),
      keyExists: deps.keyExists,
      allowPrivate: settings.allowPrivate,
      resolve: deps.resolve,
      onPending,
      clock,
    }),
  };
}
