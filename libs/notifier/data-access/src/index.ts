export * from './lib/notifier.schema';
export * from './lib/webhook-event';
export * from './lib/webhook.repository';
export * from './lib/event.repository';
