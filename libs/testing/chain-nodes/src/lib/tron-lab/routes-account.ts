import { usedStake } from './delegation';
import { address, compact, i64 } from './json';
import { chainParametersJson } from './parameters';
import { freeNetUsageNow, netLimit, netUsageNow, TRX } from './resources';
import type { LabCore, Route, View } from './route-context';
import { delegationKey } from './state';
import { addressField, int } from './transaction-parse';
import { accountJson, accountResourceJson, delegatedResourcesJson } from './views';

const account = (view: View, hex: string) => view.state.accounts.get(hex);

/** Wallet.getCanDelegatedMaxSize: staked and not yet spent on the owner's own use; 0 below 1 TRX. */
function canDelegate(lab: LabCore, view: View, owner: string, type: number): number {
  const a = account(view, owner);
  if (!a || (type !== 0 && type !== 1)) return 0;
  const ctx = { state: view.state, params: lab.params, now: view.now };
  const max = Math.max(0, (type === 0 ? a.frozenBandwidth : a.frozenEnergy) - usedStake(a, type === 0, ctx));
  return max < TRX ? 0 : max;
}

/** Account endpoints read the view's state: the head for wallet/*, the solid block for walletsolidity/*. */
export const accountRoutes: Record<string, Route> = {
  getaccount: (req, _lab, view) => {
    const a = account(view, addressField(req.params.address, req.visible, 'address'));
    return a ? accountJson(a, view.now, req.visible) : {};
  },
  getaccountresource: (req, lab, view) => {
    const a = account(view, addressField(req.params.address, req.visible, 'address'));
    return a ? accountResourceJson(a, view.state, lab.params, view.now) : {};
  },
  getaccountnet: (req, lab, view) => {
    const a = account(view, addressField(req.params.address, req.visible, 'address'));
    if (!a) return {};
    return compact({
      freeNetUsed: i64(freeNetUsageNow(a, view.now)),
      freeNetLimit: i64(lab.params.freeNetLimit),
      NetUsed: i64(netUsageNow(a, view.now)),
      NetLimit: i64(netLimit(a, view.state, lab.params)),
      TotalNetLimit: i64(lab.params.totalNetLimit),
      TotalNetWeight: i64(view.state.totalNetWeight),
    });
  },
  getchainparameters: (_req, lab) => chainParametersJson(lab.params),
  getcandelegatedmaxsize: (req, lab, view) => {
    const owner = addressField(req.params.owner_address, req.visible, 'owner_address');
    return compact({ max_size: i64(canDelegate(lab, view, owner, int(req.params.type, 'type'))) });
  },
  getdelegatedresourcev2: (req, _lab, view) => {
    const from = addressField(req.params.fromAddress, req.visible, 'fromAddress');
    const to = addressField(req.params.toAddress, req.visible, 'toAddress');
    const records = [false, true].flatMap(
      (lock) => view.state.delegations.get(delegationKey(from, to, lock)) ?? [],
    );
    return delegatedResourcesJson(records, req.visible);
  },
  getdelegatedresourceaccountindexv2: (req, _lab, view) => {
    const value = addressField(req.params.value, req.visible, 'value');
    const records = [...view.state.delegations.values()];
    const froms = [...new Set(records.filter((r) => r.to === value).map((r) => r.from))];
    const tos = [...new Set(records.filter((r) => r.from === value).map((r) => r.to))];
    const shown = (list: string[]) =>
      list.length > 0 ? list.map((a) => address(a, req.visible) ?? a) : undefined;
    return compact({
      account: address(value, req.visible),
      fromAccounts: shown(froms),
      toAccounts: shown(tos),
    });
  },
  getnodeinfo: (_req, { chain }) => {
    const solid = chain.blocks[chain.solidNumber];
    return {
      beginSyncNum: chain.head.number,
      block: `Num:${chain.head.number},ID:${chain.head.id}`,
      solidityBlock: `Num:${solid.number},ID:${solid.id}`,
      currentConnectCount: 0,
      activeConnectCount: 0,
      passiveConnectCount: 0,
      totalFlow: 0,
      peerInfoList: [],
      configNodeInfo: { codeVersion: '4.8.0', versionNum: '18631', supportConstant: true, dbVersion: 2 },
      machineInfo: { threadCount: 1, cpuCount: 1 },
      cheatWitnessInfoMap: {},
    };
  },
};
