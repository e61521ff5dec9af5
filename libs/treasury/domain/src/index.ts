export * from './lib/lifecycle/transfer.events';
export * from './lib/lifecycle/transfer.transitions';
export * from './lib/lifecycle/transfer.lifecycle';
export * from './lib/policy/payout-policy';
