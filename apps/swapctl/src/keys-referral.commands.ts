import { Option, type Command } from 'commander';
import {
  gatewayIssueReferral,
  gatewayListReferrals,
  gatewayRevokeReferral,
  type IssuedReferral,
  type ReferralCodeView,
} from '@swap/contracts';
import { respond, withJsonOption, type CliContext, type JsonOption } from './command-kit';
import { fields, table, time } from './output';
import { unwrap, type OpsBus } from './ops-bus';

interface ReferralOptions extends JsonOption {
  list?: boolean;
  revoke?: string;
}

export const issueReferral = async (bus: OpsBus, key: string) =>
  unwrap(await bus.request(gatewayIssueReferral, { key }));

export const listReferrals = async (bus: OpsBus, key: string) =>
  unwrap(await bus.request(gatewayListReferrals, { key }));

export const revokeReferral = async (bus: OpsBus, key: string, code: string) =>
  unwrap(await bus.request(gatewayRevokeReferral, { key, code }));

const formatIssued = (issued: IssuedReferral) =>
  fields([
    ['key', issued.key],
    ['code', issued.code],
    ['url', issued.url],
  ]);

const revoked = (code: ReferralCodeView) => (code.revokedAt === null ? '-' : time(code.revokedAt));

export const formatReferralCodes = (codes: readonly ReferralCodeView[]) =>
  codes.length === 0
    ? 'no referral codes yet (issue one with: swapctl keys referral KEY)\n'
    : table(
        ['CODE', 'CREATED', 'REVOKED', 'URL'],
        codes.map((code) => [code.code, time(code.createdAt), revoked(code), code.url]),
      );

const formatRevoked = (code: ReferralCodeView) => `referral code ${code.code} revoked ${revoked(code)}\n`;

/**
 * D19: `keys referral KEY` issues a code and prints `{"key","code","url"}`; `--list` lists the
 * key's codes with their times; `--revoke CODE` revokes one (swaps made with it stay the key's).
 */
export function registerKeyReferralCommand(keys: Command, ctx: CliContext): void {
  withJsonOption(
    keys
      .command('referral <key>')
      .description(
        "issue a referral code for the key's link on the service's page (D19), or list or revoke them",
      )
      .addOption(new Option('--list', "list the key's codes, revoked ones included"))
      .addOption(new Option('--revoke <code>', 'revoke one of its codes').conflicts('list')),
  ).action((key: string, options: ReferralOptions) => {
    if (options.list) return respond(ctx, options, (bus) => listReferrals(bus, key), formatReferralCodes);
    const code = options.revoke;
    if (code !== undefined) {
      return respond(ctx, options, (bus) => revokeReferral(bus, key, code), formatRevoked);
    }
    return respond(ctx, options, (bus) => issueReferral(bus, key), formatIssued);
  });
}
