import type { RpcError } from '@swap/contracts';

/** A request the devnet refuses (bad address, unknown transaction…): an rpc error, never a crash. */
export class DevnetError extends Error {
  override readonly name = 'DevnetError';

  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }

  get payload(): RpcError {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** A signed transaction the devnet will never accept (bad signature, used nonce, no funds…). */
export class TxRefused extends Error {
  override readonly name = 'TxRefused';
}
