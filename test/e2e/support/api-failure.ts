import { SwapApiError } from '@swap/sdk';

/** The status and envelope message of a call that must fail with the API's error. */
export async function failure(promise: Promise<unknown>): Promise<{ status: number; msg: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SwapApiError) return { status: error.status, msg: error.envelope.msg };
    throw error;
  }
  throw new Error('expected the call to fail');
}
