import type { AddressChains } from '@swap/domain';
import { checkAddress, type AddressCheckView } from './address-check';
import type { Body } from './request-body';

/** D15: /swap/validate-address, the address check create makes, on its own. */
export class ValidateAddress {
  /** `chains`: the networks run on testnet or regtest, whose address formats are the valid ones (D8). */
  constructor(private readonly chains: AddressChains = {}) {}

  execute(body: Body): AddressCheckView {
    return checkAddress(body, this.chains);
  }
}
