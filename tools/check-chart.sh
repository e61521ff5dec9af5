#!/usr/bin/env bash
# Checks the Helm chart in deploy/instant-swap (or the chart folder given): `helm lint` and
# `helm template` with the default values and with each file in its ci/ (everything enabled;
# existing Secrets), then reads every rendered document back and checks what the chart promises:
# valid YAML, unique names, a Service per Deployment, every variable a service cannot start
# without (in the ci sets, where everything is configured), each secret and node URL only in the
# pods that need it (the mnemonic in the treasury alone, SECRETS_KEY in the gateway and the notifier
# alone), webhooks to private addresses refused by default, no watcher with nothing to watch, the
# Ingress routing the API and the status pages and nothing internal, market prices by default, and
# pods that roll when a chart-made Secret they read changes, only those; the gateway trusting the
# Ingress controller's X-Forwarded-For by default when the chart's Ingress is on, and no one else's.
# Uses `helm` from the PATH or $HELM; without helm, tools/render-chart/helm (the same rendering,
# built with Go from Debian's packages; no lint). Without either it says so and exits 0.
set -euo pipefail
say() { printf 'check-chart: %s\n' "$*"; }
chart=$(cd "${1:-$(dirname "$0")/../deploy/instant-swap}" && pwd)
cd "$(dirname "$0")/.."

HELM=${HELM:-helm}
lint=true
if ! command -v "$HELM" >/dev/null 2>&1; then
  if ! command -v go >/dev/null 2>&1; then
    say "neither helm nor go is installed (put helm on the PATH or set HELM=/path/to/helm; or apt-get install golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v2-dev golang-github-xeipuuv-gojsonschema-dev): chart not checked"
    exit 0
  fi
  HELM=tools/render-chart/helm
  lint=false
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
version=$("$HELM" version --short) || status=$?
if [ "$status" = 127 ]; then
  say "$HELM cannot run here (see above): chart not checked"
  exit 0
fi
[ "$status" = 0 ] || exit "$status"
say "$version"
$lint || say "helm is not installed: rendering with $HELM, without helm lint"

sets=(default)
for file in "$chart"/ci/*-values.yaml; do sets+=("$file"); done
for set in "${sets[@]}"; do
  args=()
  [ "$set" = default ] || args=(-f "$set")
  if $lint; then
    say "lint and template: ${set#"$PWD"/}"
    "$HELM" lint --strict "$chart" "${args[@]}" >"$out/lint.log" || {
      cat "$out/lint.log"
      exit 1
    }
  else
    say "template: ${set#"$PWD"/}"
  fi
  "$HELM" template swap "$chart" --namespace swap "${args[@]}" >"$out/$(basename "$set").rendered.yaml"
done

# The chart must refuse what would break the services' guarantees, saying why (the pattern, in its
# message), and allow what leases make safe.
refuse() {
  local why=$1 pattern=$2
  shift 2
  if "$HELM" template swap "$chart" "$@" >/dev/null 2>"$out/refuse.log"; then
    say "FAILED: the chart accepted $why ($*)"
    exit 1
  fi
  if ! grep -qiE "$pattern" "$out/refuse.log"; then
    say "FAILED: the chart refused $why ($*), but not for that reason:"
    cat "$out/refuse.log"
    exit 1
  fi
}
accept() {
  local why=$1
  shift
  if ! "$HELM" template swap "$chart" "$@" >/dev/null 2>"$out/accept.log"; then
    say "FAILED: the chart refused $why ($*)"
    cat "$out/accept.log"
    exit 1
  fi
}
refuse 'a second treasury' 'treasury must run as a single replica' --set treasury.replicas=2
refuse 'a second refunds service' 'refunds must run as a single replica' --set refunds.replicas=2
refuse 'an autoscaled refunds service' 'refunds must run as a single replica' --set refunds.autoscaling.enabled=true
refuse 'a second devnet' 'devnet must run as a single replica' --set devnet.enabled=true --set devnet.replicas=2
refuse 'a misspelt value' 'replica' --set gateway.replica=3
refuse 'a misspelt watcher setting' 'pollMS' --set watchers.btc.pollMS=500
refuse 'a misspelt notifier setting' 'allowPrivateWebhook' --set notifier.allowPrivateWebhook=true
refuse 'a misspelt node setting' 'rpcURL' --set networks.btc.node.rpcURL=http://node:8332
refuse 'a grace period shorter than the shutdown' 'terminationGracePeriodSeconds' \
  --set gateway.terminationGracePeriodSeconds=12
refuse 'a watcher with nothing to watch (no node, no devnet)' 'BTC has nothing to watch' --set watchers.btc.enabled=true
refuse 'every watcher on with nothing to watch' 'watchers.defaults.enabled is true' --set watchers.defaults.enabled=true
accept 'several engines (inbox partitions through KV leases)' --set engine.replicas=4
accept 'standby watchers (one follower per network through a KV lease)' \
  --set networks.btc.node.existingSecret=btc-node --set watchers.btc.replicas=3
accept 'a watcher on the devnet' --set devnet.enabled=true --set watchers.btc.enabled=true
accept 'a watcher on its node' --set networks.xmr.node.daemonRpcUrl=http://monerod:18081 --set watchers.xmr.enabled=true

# The full set again with one chart-made secret changed each: which pods roll.
full="$chart/ci/full-values.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" >"$out/full.base.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set database.url=postgres://swap:test-only-other@postgres.db.svc:5432/swap >"$out/full.database.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.btc.xpub=test-only-other-btc-xpub >"$out/full.btc-xpub.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.btc.node.rpcUrl=http://swap:test-only-other@bitcoind:8332 >"$out/full.btc-node.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.xmr.watcherWallet.password=test-only-other >"$out/full.xmr-watcher-wallet.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set gateway.secretsKey.value=test-only-other-fedcba9876543210fedcba98 >"$out/full.secrets-key.yaml"
# The defaults with the Ingress on: which proxy the gateway believes.
"$HELM" template swap "$chart" --namespace swap --set ingress.enabled=true >"$out/default.ingress.yaml"

if ! node -e "require('yaml')" >/dev/null 2>&1; then
  say "no YAML parser (node's yaml package): rendered manifests not read back"
  say "ok"
  exit 0
fi
node - "$out" "$out"/*.rendered.yaml <<'EOF'
const fs = require('fs');
const path = require('path');
const { parseAllDocuments } = require('yaml');
let failed = false;
const fail = (file, message) => {
  failed = true;
  console.error(`check-chart: FAILED ${file}: ${message}`);
};
const read = (name, file) => {
  const objects = [];
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    if (doc.errors.length) fail(name, doc.errors[0].message);
    const object = doc.toJS ? doc.toJS() : doc.toJSON(); // yaml 2 or 1, whichever the tree has
    if (object) objects.push(object);
  }
  return objects;
};
const NETWORKS = ['BTC', 'LTC', 'XMR', 'TRX', 'ETH', 'SOL', 'AVAX'];
const XPUBS = NETWORKS.map((n) => `${n}_XPUB`);
// Each network's node settings (libs/shared/chain: *-config.ts), read by the treasury, the refunds
// service and that network's watcher only; the URL first.
const utxo = (n) => [`${n}_RPC_URL`, `${n}_WALLET`, `${n}_WALLET_BIRTHDAY`, `${n}_FEE_TARGET_BLOCKS`,
  `${n}_FEE_MIN_SAT_VB`, `${n}_FEE_MAX_SAT_VB`, `${n}_ADDRESS_LOOKAHEAD`];
const evm = (n) => [`${n}_RPC_URL`, `${n}_CHAIN_ID`, `${n}_MAX_FEE_GWEI`, `${n}_PRIORITY_FEE_GWEI`, `${n}_TRACE_INTERNAL`];
const NODE = {
  BTC: utxo('BTC'),
  LTC: utxo('LTC'),
  XMR: ['XMR_DAEMON_RPC_URL', 'XMR_WALLET_RPC_URL', 'XMR_WALLET_NAME', 'XMR_WALLET_PASSWORD',
    'XMR_RESTORE_HEIGHT', 'XMR_SUBADDRESS_LOOKAHEAD'],
  TRX: ['TRX_RPC_URL', 'TRX_API_KEY', 'USDTTRC_CONTRACT', 'TRX_SWEEP_ENERGY', 'TRX_TX_EXPIRATION_SECONDS',
    'TRX_FEE_LIMIT_SUN'],
  ETH: [...evm('ETH'), 'USDTERC_CONTRACT', 'USDTERC_GAS_LIMIT'],
  SOL: ['SOL_RPC_URL', 'SOL_PRIORITY_FEE_MICROLAMPORTS', 'SOL_MAX_PRIORITY_FEE_MICROLAMPORTS'],
  AVAX: evm('AVAX'),
};
// What TRUST_PROXY defaults to with the chart's Ingress: a proxy at a private address (values.yaml).
const INGRESS_HOP = 'loopback,linklocal,uniquelocal';
const nodeOf = (variable) => NETWORKS.find((n) => NODE[n].includes(variable));
// Which components may read each secret (the services' config schemas: apps/*/src); the refunds
// service opens no Monero wallet.
const scope = {
  TREASURY_MNEMONIC: ['treasury'],
  TREASURY_MNEMONIC_FILE: ['treasury'],
  // The notifier encrypts webhook secrets with the gateway's key (D12).
  SECRETS_KEY: ['gateway', 'notifier'],
  XMR_WALLET_PASSWORD: ['treasury', 'watcher-xmr'],
  XMR_WALLET_NAME: ['treasury', 'watcher-xmr'],
};
const mayRead = (variable, component) => {
  if (variable === 'DATABASE_URL') return component !== 'pricing';
  if (XPUBS.includes(variable)) {
    const own = component.startsWith('watcher-') && `${component.slice(8).toUpperCase()}_XPUB`;
    return ['engine', 'treasury', 'devnet'].includes(component) || variable === own;
  }
  // The gateway's status page writes the EVM chain ids and the USDT contract into payment URIs.
  if (component === 'gateway' && ['ETH_CHAIN_ID', 'AVAX_CHAIN_ID', 'USDTERC_CONTRACT'].includes(variable)) return true;
  const network = nodeOf(variable);
  if (network && !['treasury', 'refunds', `watcher-${network.toLowerCase()}`].includes(component)) return false;
  return !scope[variable] || scope[variable].includes(component);
};
const ref = (env, name) => {
  const entry = env.find((e) => e.name === name);
  return entry && JSON.stringify(entry.valueFrom || entry.value);
};
// What each service cannot start without (no default in its schema); alternatives joined by |.
const needs = (component) => {
  const network = component.startsWith('watcher-') ? component.slice(8).toUpperCase() : null;
  const common = ['NATS_URL', 'HOSTNAME'];
  const withDb = [...common, 'DATABASE_URL', 'DB_POOL_SIZE'];
  if (network) return [...withDb, 'WATCHER_NETWORK', `${network}_XPUB`, `${network}_NETWORK`];
  return {
    gateway: [...withDb, 'SECRETS_KEY', 'PUBLIC_URL'],
    engine: [...withDb, ...XPUBS],
    pricing: common,
    treasury: [...withDb, 'TREASURY_MNEMONIC|TREASURY_MNEMONIC_FILE', ...XPUBS],
    refunds: withDb,
    notifier: [...withDb, 'SECRETS_KEY', 'PUBLIC_URL', 'WEBHOOK_ALLOW_PRIVATE'],
    devnet: [...withDb, 'DEVNET_BLOCK_SECONDS', ...XPUBS],
  }[component];
};
const [dir, ...rendered] = process.argv.slice(2);
for (const file of rendered) {
  const name = path.basename(file, '.rendered.yaml');
  const objects = read(name, file);
  const ids = objects.map((o) => `${o.kind}/${o.metadata && o.metadata.name}`);
  ids.filter((id, i) => ids.indexOf(id) !== i).forEach((id) => fail(name, `${id} twice`));
  objects
    .filter((o) => !o.apiVersion || !o.kind || !/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(o.metadata.name))
    .forEach((o) => fail(name, `bad object ${JSON.stringify(o.metadata)}`));
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  for (const d of deployments) {
    const component = d.metadata.labels['app.kubernetes.io/component'];
    const pod = d.spec.template.spec;
    const env = pod.containers[0].env || [];
    if (!ids.includes(`Service/${d.metadata.name}`)) fail(name, `${d.metadata.name} has no Service`);
    for (const e of env) {
      if (!mayRead(e.name, component)) fail(name, `${component} gets ${e.name}`);
      if (e.value === '') fail(name, `${component}: ${e.name} is set empty`);
    }
    if (component !== 'treasury' && JSON.stringify(pod.volumes || []).includes('treasury'))
      fail(name, `${component} mounts the treasury's Secret`);
    // The default set configures no secret: there NOTES.txt names what is missing instead.
    if (name !== 'default') {
      const names = env.map((e) => e.name);
      for (const need of needs(component) || ['(an unknown component)']) {
        if (!need.split('|').some((n) => names.includes(n))) fail(name, `${component} lacks ${need}`);
      }
      const network = env.find((e) => e.name === 'WATCHER_NETWORK');
      if (network && `watcher-${network.value.toLowerCase()}` !== component)
        fail(name, `${component} watches ${network.value}`);
    }
  }
  // A network's node: the same Secret for the treasury, refunds and its watcher; a watcher without
  // one only beside the devnet; the treasury and the XMR watcher each on their own wallet-rpc.
  const envOf = (component) => {
    const d = deployments.find((o) => o.metadata.labels['app.kubernetes.io/component'] === component);
    return d && (d.spec.template.spec.containers[0].env || []);
  };
  const devnet = Boolean(envOf('devnet'));
  for (const network of NETWORKS) {
    const url = NODE[network][0];
    const readers = ['treasury', 'refunds', `watcher-${network.toLowerCase()}`].filter(envOf);
    const refs = new Set(readers.map((c) => ref(envOf(c), url)));
    if (refs.size > 1) fail(name, `${url} differs between ${readers.join(', ')}`);
    // What a real node's settings cannot start without (in the ci sets, where all is configured).
    const more = { XMR: ['XMR_WALLET_RPC_URL'], BTC: ['BTC_WALLET_BIRTHDAY'], LTC: ['LTC_WALLET_BIRTHDAY'] };
    for (const c of name === 'default' ? [] : readers) {
      const env = envOf(c);
      const regtest = ref(env, `${network}_NETWORK`) === '"regtest"';
      for (const need of ref(env, url) && !regtest ? more[network] || [] : [])
        if (!ref(env, need)) fail(name, `${c} has a ${network} node but no ${need}`);
    }
    const watcher = envOf(`watcher-${network.toLowerCase()}`);
    if (watcher && !ref(watcher, url) && !devnet) fail(name, `watcher-${network.toLowerCase()} has nothing to watch`);
  }
  const [treasury, refunds, watcherXmr] = ['treasury', 'refunds', 'watcher-xmr'].map(envOf);
  if (treasury && watcherXmr && ref(treasury, 'XMR_WALLET_RPC_URL') &&
    ref(treasury, 'XMR_WALLET_RPC_URL') === ref(watcherXmr, 'XMR_WALLET_RPC_URL'))
    fail(name, 'the treasury and the XMR watcher share a wallet-rpc');
  if (refunds && ref(refunds, 'XMR_WALLET_RPC_URL') &&
    [treasury, watcherXmr].some((env) => env && ref(env, 'XMR_WALLET_RPC_URL') === ref(refunds, 'XMR_WALLET_RPC_URL')))
    fail(name, "the refunds service gets a Monero wallet's wallet-rpc");
  // Webhook secrets are encrypted with the very key the gateway uses (one Secret, one key).
  const [gateway, notifier] = ['gateway', 'notifier'].map(envOf);
  if (gateway && notifier && ref(gateway, 'SECRETS_KEY') !== ref(notifier, 'SECRETS_KEY'))
    fail(name, 'the gateway and the notifier get different SECRETS_KEY');
  // The Ingress routes the API and the status pages (D17), nothing internal (D16).
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    for (const rule of ingress.spec.rules) {
      const paths = rule.http.paths.map((p) => p.path).sort();
      if (JSON.stringify(paths) !== JSON.stringify(['/swap', '/v1']))
        fail(name, `the Ingress routes ${paths.join(', ')} of ${rule.host}, not /v1 and /swap`);
    }
  }
  // Behind the chart's Ingress the gateway believes its controller's X-Forwarded-For (else the status
  // pages' per-IP limit sees one IP for everyone), and no one's without it, unless set (ci: 1).
  if (gateway) {
    const ingress = objects.some((o) => o.kind === 'Ingress');
    const want = { 'existing-secrets-values.yaml': '1' }[name] ?? (ingress ? INGRESS_HOP : 'false');
    if (ref(gateway, 'TRUST_PROXY') !== JSON.stringify(want))
      fail(name, `the gateway's TRUST_PROXY is ${ref(gateway, 'TRUST_PROXY')}, not "${want}"${ingress ? " behind the chart's Ingress" : ''}`);
  }
  // The defaults price from the exchanges; nothing configured, no watcher runs; no webhook may
  // point inside the cluster (D12).
  if (name === 'default') {
    if (!notifier) fail(name, 'no notifier by default');
    else if (ref(notifier, 'WEBHOOK_ALLOW_PRIVATE') !== '"false"')
      fail(name, `WEBHOOK_ALLOW_PRIVATE is ${ref(notifier, 'WEBHOOK_ALLOW_PRIVATE')} by default`);
    const sources = (envOf('pricing') || []).find((e) => e.name === 'PRICE_SOURCES');
    if (!sources || sources.value.split(',').includes('devnet'))
      fail(name, `pricing from ${sources && sources.value} by default`);
    deployments
      .filter((d) => d.metadata.name.includes('-watcher-'))
      .forEach((d) => fail(name, `${d.metadata.name} runs with nothing to watch`));
  }
  // Every alert says what happened and, where a runbook is set (the full set), links to it.
  for (const rule of objects.filter((o) => o.kind === 'PrometheusRule')) {
    for (const alert of rule.spec.groups.flatMap((g) => g.rules)) {
      const notes = alert.annotations || {};
      if (!notes.summary || !notes.description) fail(name, `${alert.alert} has no summary or description`);
      if (name !== 'default' && notes.runbook_url !== 'https://git.example.com/instant-swap#runbook')
        fail(name, `${alert.alert} does not link to the runbook`);
    }
  }
  // Placeholder secrets in the ci values must end up in Secrets only, never inline in a pod spec.
  objects
    .filter((o) => o.kind !== 'Secret' && JSON.stringify(o).includes('test-only'))
    .forEach((o) => fail(name, `a secret value inline in ${o.kind}/${o.metadata.name}`));
  console.log(`check-chart: ${name}: ${objects.length} objects, ${deployments.length} Deployments read back`);
}

const defaultIngress = read('default.ingress.yaml', path.join(dir, 'default.ingress.yaml'))
  .filter((o) => o.kind === 'Deployment' && o.metadata.labels['app.kubernetes.io/component'] === 'gateway')
  .map((d) => ref(d.spec.template.spec.containers[0].env || [], 'TRUST_PROXY'));
if (JSON.stringify(defaultIngress) !== JSON.stringify([JSON.stringify(INGRESS_HOP)]))
  fail('default.ingress.yaml', `the gateway's TRUST_PROXY is ${defaultIngress}, not "${INGRESS_HOP}" behind the chart's Ingress`);
console.log(`check-chart: default.ingress.yaml: the gateway believes X-Forwarded-For from ${INGRESS_HOP}`);

// A changed chart-made Secret rolls exactly the pods that read it.
const checksums = (file) =>
  Object.fromEntries(
    read(file, path.join(dir, file))
      .filter((o) => o.kind === 'Deployment')
      .map((d) => [
        d.metadata.labels['app.kubernetes.io/component'],
        d.spec.template.metadata.annotations['checksum/secrets'],
      ]),
  );
const base = checksums('full.base.yaml');
const rolls = {
  'full.database.yaml': (c) => c !== 'pricing',
  'full.btc-xpub.yaml': (c) => ['engine', 'treasury', 'devnet', 'watcher-btc'].includes(c),
  'full.btc-node.yaml': (c) => ['treasury', 'refunds', 'watcher-btc'].includes(c),
  'full.xmr-watcher-wallet.yaml': (c) => c === 'watcher-xmr',
  'full.secrets-key.yaml': (c) => ['gateway', 'notifier'].includes(c),
};
for (const [file, shouldRoll] of Object.entries(rolls)) {
  for (const [component, checksum] of Object.entries(checksums(file))) {
    const rolled = checksum !== base[component];
    if (rolled !== shouldRoll(component))
      fail(file, `${component} ${rolled ? 'rolls' : 'does not roll'} when that Secret changes`);
  }
}
console.log(`check-chart: checksums: ${Object.keys(rolls).join(', ')} roll the pods that read them`);
process.exit(failed ? 1 : 0);
EOF
say "ok"
