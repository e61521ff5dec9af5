import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  Choice,
  CURRENCY_CODES,
  CurrencyCode,
  IssueType,
  Network,
  NETWORKS,
  RateType,
  SWAP_STATUSES,
  SwapStatus,
} from '@swap/domain';
import type {
  CurrencyInfoView,
  PairView,
  QuoteSideView,
  QuoteView,
  ReturnStatus,
  ReturnView,
  SwapOrderView,
} from '@swap/domain';
import type { AddressCheckView, PairStatsView, SwapStatsView } from '@swap/gateway';

/*
 * Response shapes of section 2, from which /v1/openapi.json is generated. The request bodies are
 * declared in @swap/contracts (swap-api.requests.ts) and join the document through openapi.requests.ts.
 */

class Currency implements CurrencyInfoView {
  @ApiProperty({ enum: CURRENCY_CODES }) code!: CurrencyCode;
  @ApiProperty() coin!: string;
  @ApiProperty({ enum: NETWORKS }) network!: Network;
  @ApiProperty() name!: string;
  @ApiProperty() recv!: boolean;
  @ApiProperty() send!: boolean;
  @ApiProperty() precision!: number;
  @ApiProperty() reqConfirmations!: number;
  @ApiProperty() min!: number;
}

class Pair implements PairView {
  @ApiProperty({ enum: CURRENCY_CODES }) from!: CurrencyCode;
  @ApiProperty({ enum: CURRENCY_CODES }) to!: CurrencyCode;
  @ApiProperty({ enum: ['direct'] }) type!: 'direct';
  @ApiProperty({ type: [String] }) via!: string[];
  @ApiProperty() available!: boolean;
  @ApiProperty() fixed!: boolean;
  @ApiProperty() min!: number;
}

class QuoteSide implements QuoteSideView {
  @ApiProperty({ enum: CURRENCY_CODES }) code!: CurrencyCode;
  @ApiProperty() coin!: string;
  @ApiProperty({ enum: NETWORKS }) network!: Network;
  @ApiProperty() name!: string;
  @ApiProperty() amount!: number;
  @ApiProperty() rate!: number;
  @ApiProperty() precision!: number;
  @ApiProperty() min!: number;
  @ApiProperty({ description: '0 = no limit' }) max!: number;
  @ApiProperty() usd!: number;
}

class QuoteFee {
  @ApiProperty() percent!: number;
  @ApiProperty() partnerPercent!: number;
  @ApiProperty() amount!: number;
}

class Quote implements QuoteView {
  @ApiProperty() from!: QuoteSide;
  @ApiProperty() to!: QuoteSide;
  @ApiProperty() fee!: QuoteFee;
  @ApiProperty({ type: [String] }) errors!: string[];
  @ApiProperty() slippage!: number;
  @ApiProperty({ enum: ['float', 'fixed'] }) rateType!: RateType;
  @ApiProperty() bufferPercent!: number;
  @ApiProperty({ type: Number, nullable: true }) guaranteedAmount!: number | null;
  @ApiProperty() expiresIn!: number;
}

class ChainTx {
  @ApiProperty() id!: string;
  @ApiProperty() amount!: string;
  @ApiProperty({ type: String, nullable: true }) fee!: string | null;
  @ApiProperty({ type: String, nullable: true }) feeCurrency!: string | null;
  @ApiProperty() timeReg!: number;
  @ApiProperty({ type: Number, nullable: true }) timeBlock!: number | null;
  @ApiProperty() confirmations!: number;
}

class PayoutTx {
  @ApiProperty() id!: string;
  @ApiProperty() amount!: string;
  @ApiProperty({ type: String, nullable: true }) fee!: string | null;
  @ApiProperty({ type: String, nullable: true }) feeCurrency!: string | null;
  @ApiProperty() timeReg!: number;
  @ApiProperty() confirmations!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Monero payouts: the tx key' })
  txKey!: string | null;
}

class SwapTime {
  @ApiProperty() reg!: number;
  @ApiProperty({ type: Number, nullable: true }) start!: number | null;
  @ApiProperty({ type: Number, nullable: true }) finish!: number | null;
  @ApiProperty() update!: number;
  @ApiProperty() expiration!: number;
  @ApiProperty({ type: Number, nullable: true }) left!: number | null;
}

class SwapFrom {
  @ApiProperty({ enum: CURRENCY_CODES }) code!: CurrencyCode;
  @ApiProperty() coin!: string;
  @ApiProperty({ enum: NETWORKS }) network!: Network;
  @ApiProperty() name!: string;
  @ApiProperty() amount!: string;
  @ApiProperty() amountDeposited!: string;
  @ApiProperty() address!: string;
  @ApiProperty() reqConfirmations!: number;
  @ApiProperty({ type: ChainTx, nullable: true }) tx!: ChainTx | null;
}

class SwapTo {
  @ApiProperty({ enum: CURRENCY_CODES }) code!: CurrencyCode;
  @ApiProperty() coin!: string;
  @ApiProperty({ enum: NETWORKS }) network!: Network;
  @ApiProperty() name!: string;
  @ApiProperty() amount!: string;
  @ApiProperty() address!: string;
  @ApiProperty({ type: PayoutTx, nullable: true }) tx!: PayoutTx | null;
}

class Refund {
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: ChainTx, nullable: true }) tx!: ChainTx | null;
}

class Issue {
  @ApiProperty({ enum: ['LESS', 'MORE', 'BELOW_MINIMUM', 'NO_LIQUIDITY'], nullable: true })
  type!: IssueType | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty() needsRefundAddress!: boolean;
  @ApiProperty({ enum: ['NONE', 'EXCHANGE', 'REFUND'] }) choice!: Choice;
}

class SwapFee {
  @ApiProperty() percent!: number;
  @ApiProperty() amount!: string;
  @ApiProperty() partnerPercent!: number;
}

class Proposed {
  @ApiProperty() rate!: string;
  @ApiProperty() amount!: string;
}

class DepositReturn implements ReturnView {
  @ApiProperty({ description: "The returned deposit's transaction" }) depositTx!: string;
  @ApiProperty({ description: 'What the deposit brought' }) deposited!: string;
  @ApiProperty({ description: 'What goes back: the deposit minus the 1 % refund fee' }) amount!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null while AWAITING_ADDRESS' })
  address!: string | null;
  @ApiProperty({
    enum: ['AWAITING_ADDRESS', 'REFUNDING', 'REFUNDED', 'FAILED'],
    description:
      'AWAITING_ADDRESS: no refund address yet (an EXPIRED swap takes one through /swap/emergency REFUND); ' +
      'REFUNDING: being sent; REFUNDED: broadcast, tx.confirmations count on; FAILED: the operators send it again',
  })
  status!: ReturnStatus;
  @ApiProperty({ type: ChainTx, nullable: true }) tx!: ChainTx | null;
  @ApiProperty({ description: 'Why the deposit goes back, or why the return failed' }) reason!: string;
}

class SwapOrder implements SwapOrderView {
  @ApiProperty({ minLength: 10, maxLength: 10 }) id!: string;
  @ApiProperty({ minLength: 22, maxLength: 22 }) token!: string;
  @ApiProperty({ enum: ['float', 'fixed'] }) type!: RateType;
  @ApiProperty({ enum: SWAP_STATUSES }) status!: SwapStatus;
  @ApiProperty() time!: SwapTime;
  @ApiProperty() from!: SwapFrom;
  @ApiProperty() to!: SwapTo;
  @ApiProperty() refund!: Refund;
  @ApiProperty() issue!: Issue;
  @ApiProperty() rate!: string;
  @ApiProperty({ type: String, nullable: true }) rateActual!: string | null;
  @ApiProperty() fee!: SwapFee;
  @ApiProperty({ type: Number, nullable: true }) slippage!: number | null;
  @ApiProperty({ type: Proposed, nullable: true }) proposed!: Proposed | null;
  @ApiProperty() dryrun!: boolean;
  @ApiProperty({ type: String, nullable: true }) url!: string | null;
  @ApiProperty({
    type: [DepositReturn],
    description:
      'Deposits the swap did not take (after it ended, or that it could not add), each going back by itself',
  })
  returns!: DepositReturn[];
}

export class ErrorEnvelope {
  @ApiProperty({ enum: [1] }) code!: number;
  @ApiProperty() msg!: string;
  @ApiProperty({ type: Object, nullable: true, example: null }) data!: null;
  @ApiPropertyOptional({ description: 'Only on 429: seconds to wait' }) retry_after?: number;
}

class SuccessEnvelope {
  @ApiProperty({ enum: [0] }) code!: number;
  @ApiProperty({ example: '' }) msg!: string;
}

export class CurrencyEnvelope extends SuccessEnvelope {
  @ApiProperty({ type: [Currency] }) data!: Currency[];
}

export class PairEnvelope extends SuccessEnvelope {
  @ApiProperty({ type: [Pair] }) data!: Pair[];
}

export class QuoteEnvelope extends SuccessEnvelope {
  @ApiProperty() data!: Quote;
}

export class SwapOrderEnvelope extends SuccessEnvelope {
  @ApiProperty() data!: SwapOrder;
}

class SwapList {
  @ApiProperty({ type: [SwapOrder], description: 'Newest first, each as /swap/status returns it' })
  items!: SwapOrder[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as cursor, with the same filter, for the next page; null on the last page',
  })
  next!: string | null;
}

export class SwapListEnvelope extends SuccessEnvelope {
  @ApiProperty() data!: SwapList;
}

class AddressCheck implements AddressCheckView {
  @ApiProperty() valid!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why not, in one sentence; null when valid' })
  reason!: string | null;
}

export class AddressCheckEnvelope extends SuccessEnvelope {
  @ApiProperty() data!: AddressCheck;
}

class PairSwapCounts {
  @ApiProperty() total!: number;
  @ApiProperty() done!: number;
  @ApiProperty() refunded!: number;
  @ApiProperty() expired!: number;
  @ApiProperty({ description: 'Under manual review (D4)' }) failed!: number;
  @ApiProperty({ description: 'Not ended yet' }) inProgress!: number;
}

class PairStats implements PairStatsView {
  @ApiProperty({ enum: CURRENCY_CODES }) from!: CurrencyCode;
  @ApiProperty({ enum: CURRENCY_CODES }) to!: CurrencyCode;
  @ApiProperty() swaps!: PairSwapCounts;
  @ApiProperty({ description: 'Deposits received, in from (decimal string)' }) sent!: string;
  @ApiProperty({ description: 'Paid out, in to (decimal string)' }) received!: string;
  @ApiProperty({ description: "The key's partner share earned, in to (decimal string)" }) partnerFee!: string;
}

class SwapStats implements SwapStatsView {
  @ApiProperty() since!: number;
  @ApiProperty() until!: number;
  @ApiProperty({ type: [PairStats], description: 'Real swaps created in [since, until), per pair' })
  pairs!: PairStats[];
}

export class SwapStatsEnvelope extends SuccessEnvelope {
  @ApiProperty() data!: SwapStats;
}
