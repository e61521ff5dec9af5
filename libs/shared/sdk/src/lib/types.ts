import type { components, paths } from './api-types.generated';

/*
 * The SDK's names for the generated types (api-types.generated.ts: openapi-typescript's output for
 * the gateway's OpenAPI document): no shape is written here, only given the name an integrator
 * looks for. `paths`, `components`, `operations`, `webhooks` and every component schema by its
 * own name (SwapOrder, Quote, SwapUpdatedEvent…) come from the generated file as they are.
 */
export type * from './api-types.generated';

type Schemas = components['schemas'];

/** The response envelope of every swap endpoint (section 2.1). */
export interface Envelope<T> {
  code: 0 | 1;
  msg: string;
  data: T | null;
  /** Only on 429: seconds to wait. */
  retry_after?: number;
}

/** The document's paths of the signed endpoints: POST under /v1. */
type SignedPath = {
  [P in keyof paths]: P extends `/v1/${string}` ? (paths[P] extends { post: object } ? P : never) : never;
}[keyof paths];
/** A signed endpoint, by its path under the base URL (`swap/price`). */
export type Endpoint = SignedPath extends `/v1/${infer E}` ? E : never;
type Post<E extends Endpoint> = paths[`/v1/${E}`]['post'];
type Json<T> = T extends { content: { 'application/json': infer S } } ? S : never;
type Success<R> = R[Extract<keyof R, 200 | 201 | 202 | 203 | 206>];

/** The JSON request body of an endpoint; undefined for those that take none. */
export type RequestBody<E extends Endpoint> = Post<E> extends { requestBody: infer B } ? Json<B> : undefined;
/** The `data` of an endpoint's success envelope. */
export type ResponseData<E extends Endpoint> =
  Json<Success<Post<E>['responses']>> extends { data: infer D } ? D : never;
/** Each signed endpoint (POST, path under /v1): its request body and the data of its success envelope. */
export type ApiOperations = { [E in Endpoint]: { body: RequestBody<E>; data: ResponseData<E> } };

export type CurrencyInfo = Schemas['Currency'];
export type PairInfo = Schemas['Pair'];
export type TxInfo = Schemas['ChainTx'];
export type PayoutTxInfo = Schemas['PayoutTx'];
export type CurrencyCode = Schemas['Currency']['code'];
export type SwapStatus = Schemas['SwapOrder']['status'];
export type RateType = Schemas['SwapOrder']['type'];
export type Direction = NonNullable<Schemas['QuoteBody']['direction']>;

export type QuoteRequest = Schemas['QuoteBody'];
export type CreateSwapRequest = Schemas['CreateSwapBody'];
export type ResolveRequest = Schemas['ResolveBody'];
export type ListSwapsRequest = Schemas['ListSwapsBody'];
export type ValidateAddressRequest = Schemas['ValidateAddressBody'];
export type SwapStatsRequest = Schemas['SwapStatsBody'];

/** D14: one page of the key's swaps and the cursor of the next. */
export type SwapPage = Schemas['SwapList'];
/** D15: `{ valid, reason }`. */
export type AddressValidation = Schemas['AddressCheck'];
