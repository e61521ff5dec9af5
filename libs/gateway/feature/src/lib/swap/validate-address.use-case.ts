import type { ValidateAddressBody } from '@swap/contracts';
import type { AddressChains } from '@swap/domain';
import { checkAddress, type AddressCheckView } from './address-check';

/** D15: /swap/validate-address, the address check create makes, on its own. */
export class ValidateAddress {
  /** `chains`: the networks run on testnet or regtest, whose address formats are the valid ones (D8). */
  constructor(private readonly chains: AddressChains = {}) {}

  execute(request: ValidateAddressBody): AddressCheckView {
    return checkAddress(request, this.chains);
  }
}
