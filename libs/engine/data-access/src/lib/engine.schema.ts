import { EngineInit1763700000000 } from './migrations/1763700000000-engine-init';
import { OutboxFailures1763800000000 } from './migrations/1763800000000-outbox-failures';
import { SwapActors1763900000000 } from './migrations/1763900000000-swap-actors';
import { DepositReportOrder1764400000000 } from './migrations/1764400000000-deposit-report-order';
import { DepositCredited1764500000000 } from './migrations/1764500000000-deposit-credited';
import { DepositReturns1764600000000 } from './migrations/1764600000000-deposit-returns';
import { SwapListing1764700000000 } from './migrations/1764700000000-swap-listing';
import { LaterDeposits1764900000000 } from './migrations/1764900000000-later-deposits';
import { DepositReplacedBy1765000000000 } from './migrations/1765000000000-deposit-replaced-by';
import { OutboxContract1767400000000 } from './migrations/1767400000000-outbox-contract';
import { SwapSequence1767600000000 } from './migrations/1767600000000-swap-sequence';
import { FeeShare1767610000000 } from './migrations/1767610000000-fee-share';
import { SwapRef1767620000000 } from './migrations/1767620000000-swap-ref';

/** The engine's schema and its migrations, in order. The engine uses plain SQL, so no entities. */
export const ENGINE_SCHEMA = 'engine';
export const ENGINE_MIGRATIONS = [
  EngineInit1763700000000,
  OutboxFailures1763800000000,
  SwapActors1763900000000,
  DepositReportOrder1764400000000,
  DepositCredited1764500000000,
  DepositReturns1764600000000,
  SwapListing1764700000000,
  LaterDeposits1764900000000,
  DepositReplacedBy1765000000000,
  OutboxContract1767400000000,
  SwapSequence1767600000000,
  FeeShare1767610000000,
  SwapRef1767620000000,
];
