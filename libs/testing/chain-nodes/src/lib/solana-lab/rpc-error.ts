/** A JSON-RPC error with agave's code, message and data (rpc_custom_error.rs and jsonrpc-core's codes). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string): RpcError => new RpcError(-32602, message);

export const rpcErrors = {
  parse: () => new RpcError(-32700, 'Parse error'),
  invalidRequest: () => new RpcError(-32600, 'Invalid request'),
  methodNotFound: () => new RpcError(-32601, 'Method not found'),
  preflightFailure: (message: string, data: unknown) => new RpcError(-32002, message, data),
  signatureVerification: () => new RpcError(-32003, 'Transaction signature verification failure'),
  blockNotAvailable: (slot: number) => new RpcError(-32004, `Block not available for slot ${slot}`),
  slotSkipped: (slot: number) =>
    new RpcError(-32007, `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`),
  unsupportedVersion: (version: number) =>
    new RpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. ` +
        `Please try the request again with the following configuration parameter: ` +
        `"maxSupportedTransactionVersion": ${version}`,
    ),
  minContextSlot: (contextSlot: number) =>
    new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot }),
  belowConfirmed: () => invalidParams('Method does not support commitment below `confirmed`'),
};
