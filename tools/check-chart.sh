#!/usr/bin/env bash
# Checks the Helm chart in deploy/instant-swap (or the chart folder given): `helm lint` and
# `helm template` with the default values and with each file in its ci/ (everything enabled;
# existing Secrets), then reads every rendered document back and checks what the chart promises:
# valid YAML, unique names, a Service per Deployment, every variable a service cannot start
# without (in the ci sets, where everything is configured), each secret and node URL only in the
# pods that need it (the mnemonic in the treasury alone, SECRETS_KEY in the gateway alone and never
# in the notifier, WEBHOOK_SECRETS_KEY in the notifier alone), each service's DATABASE_URL from a
# Secret of its own (its own role; one for every watcher), webhooks to private addresses refused by default, no watcher with nothing to watch, the
# Ingress routing the API and the status pages and nothing internal, market prices by default, and
# pods that roll when a chart-made Secret they read changes, only those; the gateway trusting the
# Ingress controller's X-Forwarded-For by default when the chart's Ingress is on, and no one else's;
# each service on the bus as its own identity (its seed alone mounted, NATS_NKEY_SEED_FILE naming it),
# the authorization ConfigMap admitting exactly the release's identities with the permissions of
# files/nats-permissions.json (and nats-server reading it, where installed); the NetworkPolicies:
# default deny, then DNS, NATS, PostgreSQL and each service's own outside services, nothing in but
# metrics scrapes and the gateway's clients.
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
refuse 'the one DATABASE_URL every service shared before' 'Additional property database' \
  --set database.existingSecret=swap-database
refuse 'a DATABASE_URL for pricing, which has no schema' 'pricing: Additional property database' \
  --set pricing.database.existingSecret=swap-db-pricing
refuse 'a grace period shorter than the shutdown' 'terminationGracePeriodSeconds' \
  --set gateway.terminationGracePeriodSeconds=12
refuse 'a seed where a public key goes' 'bus.publicKeys.gateway' \
  --set bus.publicKeys.gateway=SUAID4OG3BIFJKK3423IGBUBS2YCRHFQBLN5XTROEG6JQJUGZACMHVFHAM
refuse 'a misspelt bus identity' 'gatway' --set bus.seedSecrets.gatway=swap-bus-gateway
refuse "two sources of NATS's CA" 'set one of them' --set bus.tls.caSecret=a --set bus.tls.caConfigMap=b
refuse 'a port that is none' 'networkPolicy.nats.port' --set networkPolicy.nats.port=70000
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
  --set engine.database.url=postgres://swap_engine:test-only-other@postgres.db.svc:5432/swap >"$out/full.database.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set watchers.database.url=postgres://swap_watcher:test-only-other@postgres.db.svc:5432/swap >"$out/full.watcher-database.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.btc.xpub=test-only-other-btc-xpub >"$out/full.btc-xpub.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.btc.node.rpcUrl=http://swap:test-only-other@bitcoind:8332 >"$out/full.btc-node.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.xmr.watcherWallet.password=test-only-other >"$out/full.xmr-watcher-wallet.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set gateway.secretsKey.value=test-only-other-fedcba9876543210fedcba98 >"$out/full.secrets-key.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set notifier.webhookSecretsKey.value=test-only-other-0123456789abcdef01234567 >"$out/full.webhook-key.yaml"
# The defaults with the Ingress on: which proxy the gateway believes.
"$HELM" template swap "$chart" --namespace swap --set ingress.enabled=true >"$out/default.ingress.yaml"
# The NetworkPolicies turned off.
"$HELM" template swap "$chart" --namespace swap --set networkPolicy.enabled=false >"$out/default.no-policies.yaml"

if ! node -e "require('yaml')" >/dev/null 2>&1; then
  say "no YAML parser (node's yaml package): rendered manifests not read back"
  say "ok"
  exit 0
fi
node - "$chart" "$out" "$out"/*.rendered.yaml <<'EOF'
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { isDeepStrictEqual } = require('util');
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
  // API secrets' key; webhook secrets are sealed under the notifier's own (D12).
  SECRETS_KEY: ['gateway'],
  SECRETS_OLD_KEY: ['gateway'],
  WEBHOOK_SECRETS_KEY: ['notifier'],
  WEBHOOK_SECRETS_OLD_KEY: ['notifier'],
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
    notifier: [...withDb, 'WEBHOOK_SECRETS_KEY', 'PUBLIC_URL', 'WEBHOOK_ALLOW_PRIVATE'],
    devnet: [...withDb, 'DEVNET_BLOCK_SECONDS', ...XPUBS],
  }[component];
};
// The bus (values.yaml bus): a service's own seed and NATS's CA, in one read-only volume.
const BUS_DIR = '/var/run/secrets/instant-swap/bus';
const PERMISSIONS = JSON.parse(fs.readFileSync(path.join(process.argv[2], 'files/nats-permissions.json'), 'utf8'));
const NATS_SERVER = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((f) =>
  fs.existsSync(f),
);
// The values a set renders with: values.yaml, then its ci file (maps merged, anything else replaced).
const merge = (base, over) =>
  over && typeof over === 'object' && !Array.isArray(over) && base && typeof base === 'object' && !Array.isArray(base)
    ? Object.fromEntries([...new Set([...Object.keys(base), ...Object.keys(over)])].map((k) => [k, merge(base[k], over[k])]))
    : over === undefined ? base : over;
const DEFAULTS = read('values.yaml', path.join(process.argv[2], 'values.yaml'))[0];
const valuesOf = (name, extra = {}) => {
  const file = path.join(process.argv[2], 'ci', name);
  return merge(merge(DEFAULTS, name && fs.existsSync(file) ? read(name, file)[0] : {}), extra);
};
/** The users of the authorization block: `# identity`, then its JSON (serverAuthorization's shape). */
const usersOf = (conf) =>
  Object.fromEntries([...conf.matchAll(/# (\w+)\n\s*(\{.*\})/g)].map(([, id, json]) => [id, JSON.parse(json)]));
const portsOf = (rule) => (rule.ports || []).map((p) => p.port);
const selects = (policy, component) => {
  const labels = policy.spec.podSelector.matchLabels || {};
  return labels['app.kubernetes.io/component'] === component;
};

/**
 * Each pod mounts its own identity's seed (ci sets: Secret swap-bus-<identity>) and NATS's CA, read-only,
 * and NATS_NKEY_SEED_FILE names the seed; nothing in the default set, which configures no identity.
 */
function checkBusIdentity(name, d, component) {
  const pod = d.spec.template.spec;
  const container = pod.containers[0];
  const identity = container.name; // the app: every watcher is `watcher`
  const env = container.env || [];
  const seedFile = ref(env, 'NATS_NKEY_SEED_FILE');
  const volume = (pod.volumes || []).find((v) => v.name === 'bus');
  const mount = (container.volumeMounts || []).find((m) => m.name === 'bus');
  const sources = (volume && volume.projected.sources) || [];
  const seeds = sources.filter((s) => s.secret && s.secret.items.some((i) => i.path.endsWith('.nk')));
  const others = JSON.stringify(pod.volumes || []).match(/swap-bus-[a-z]+/g) || [];
  if (others.some((secret) => secret !== `swap-bus-${identity}`)) fail(name, `${component} mounts ${others}`);
  if (name === 'default') {
    if (seedFile || volume) fail(name, `${component} has a bus identity by default`);
    return;
  }
  if (seedFile !== JSON.stringify(`${BUS_DIR}/${identity}.nk`))
    fail(name, `${component}: NATS_NKEY_SEED_FILE is ${seedFile}`);
  const [seed] = seeds;
  if (seeds.length !== 1 || seed.secret.name !== `swap-bus-${identity}` || seed.secret.items[0].path !== `${identity}.nk`)
    fail(name, `${component} does not mount swap-bus-${identity} (alone) as ${identity}.nk: ${JSON.stringify(sources)}`);
  if (!mount || mount.mountPath !== BUS_DIR || mount.readOnly !== true)
    fail(name, `${component}: the bus volume is not mounted read-only at ${BUS_DIR}`);
  const ca = sources.some((s) => (s.secret || s.configMap).items.some((i) => i.path === 'ca.crt'));
  if (ref(env, 'NATS_TLS_CA_FILE') !== JSON.stringify(`${BUS_DIR}/ca.crt`) || !ca) fail(name, `${component} gets no NATS CA`);
}

/**
 * nats-server's authorization block: exactly the identities the release runs and the operator, each
 * with its public key from the values and the generated permissions, which let only the operator
 * publish ops.*, only the refunds service ask the treasury to sign, only the engine publish swap events.
 */
function checkAuthorization(name, objects, deployments, values) {
  const maps = objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name.endsWith('-bus-authorization'));
  const keys = values.bus.publicKeys;
  if (!Object.values(keys).some(Boolean)) {
    if (maps.length) fail(name, 'an authorization ConfigMap without public keys');
    return;
  }
  if (maps.length !== 1) return fail(name, `${maps.length} authorization ConfigMaps`);
  const [map] = maps;
  const namespace = values.bus.authorizationNamespace;
  if (namespace && map.metadata.namespace !== namespace)
    fail(name, `the authorization ConfigMap is in ${map.metadata.namespace}, not ${namespace}`);
  const conf = map.data['authorization.conf'];
  const users = usersOf(conf);
  const apps = deployments.map((d) => d.spec.template.spec.containers[0].name);
  const devnet = apps.includes('devnet');
  const want = ['gateway', 'pricing', 'engine', 'watcher', 'treasury', 'refunds', 'notifier', 'devnet', 'operator'].filter(
    (id) => id === 'operator' || apps.includes(id),
  );
  if (JSON.stringify(Object.keys(users)) !== JSON.stringify(want))
    fail(name, `the authorization admits ${Object.keys(users)}, not ${want}`);
  const generated = PERMISSIONS[devnet ? 'withDevnet' : 'withoutDevnet'];
  for (const [id, user] of Object.entries(users)) {
    if (user.nkey !== keys[id]) fail(name, `${id}'s nkey is ${user.nkey}, not bus.publicKeys.${id}`);
    if (!isDeepStrictEqual(user.permissions, generated[id]))
      fail(name, `${id}'s permissions are not files/nats-permissions.json's`);
    const publishes = (subject) => user.permissions.publish.allow.includes(subject);
    if (id !== 'operator' && user.permissions.publish.allow.some((s) => s.startsWith('ops.')))
      fail(name, `${id} may publish ops.*`);
    if (id !== 'refunds' && publishes('treasury.rpc.sign-transfer')) fail(name, `${id} may ask the treasury to sign`);
    if (id !== 'engine' && publishes('swap.*.updated')) fail(name, `${id} may publish swap events`);
  }
  if (NATS_SERVER) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nats-auth-')), 'authorization.conf');
    fs.writeFileSync(file, conf);
    const test = spawnSync(NATS_SERVER, ['-t', '-c', file], { encoding: 'utf8' });
    if (test.status !== 0) fail(name, `nats-server refuses the authorization block: ${test.stderr}${test.stdout}`);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/**
 * Default deny for every pod of the release, then each service's own: in, only metrics scrapes (and
 * the gateway's clients); out, DNS, NATS, PostgreSQL (not pricing) and its outside services only.
 */
function checkNetworkPolicies(name, objects, deployments, values) {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const np = values.networkPolicy;
  const [natsPort, pgPort] = [np.nats.port, np.postgres.port];
  const deny = policies.filter((p) => !p.spec.podSelector.matchLabels['app.kubernetes.io/component']);
  const [all] = deny;
  if (deny.length !== 1 || all.spec.ingress || all.spec.egress || String(all.spec.policyTypes) !== 'Ingress,Egress')
    fail(name, 'no default-deny NetworkPolicy for every pod of the release');
  const ingressOn = objects.some((o) => o.kind === 'Ingress');
  for (const d of deployments) {
    const component = d.metadata.labels['app.kubernetes.io/component'];
    const { name: app, env = [] } = d.spec.template.spec.containers[0];
    const own = policies.filter((p) => selects(p, component));
    if (own.length !== 1) { fail(name, `${component} has ${own.length} NetworkPolicies`); continue; }
    const { ingress = [], egress = [] } = own[0].spec;
    const metrics = ingress.filter((r) => isDeepStrictEqual(r.from, np.metrics.from));
    if (metrics.length !== 1 || String(portsOf(metrics[0])) !== 'http')
      fail(name, `${component} admits no metrics scrape on its port`);
    const others = ingress.filter((r) => !metrics.includes(r));
    if (app !== 'gateway' && others.length)
      fail(name, `something but metrics scrapes reaches ${component}: ${JSON.stringify(others)}`);
    // The gateway: its Ingress controller alone behind the Ingress, anyone without it.
    const open = others.filter((r) => !r.from);
    if (app === 'gateway' && (ingressOn ? open.length || !others.length : open.length !== 1))
      fail(name, `the gateway admits ${JSON.stringify(others)} ${ingressOn ? 'behind' : 'without'} the Ingress`);
    const ports = egress.flatMap(portsOf);
    const dns = egress.find((r) => (r.ports || []).some((p) => p.port === 53 && p.protocol === 'UDP'));
    if (!dns || !isDeepStrictEqual(dns.to || [], np.dns.to))
      fail(name, `${component} cannot resolve names (no DNS rule to the cluster's DNS)`);
    const nats = egress.find((r) => String(portsOf(r)) === String(natsPort));
    if (!nats || !isDeepStrictEqual(nats.to || [], np.nats.to))
      fail(name, `${component} cannot reach NATS on ${natsPort} where it runs`);
    if ((app !== 'pricing') !== ports.includes(pgPort))
      fail(name, `${component} ${app === 'pricing' ? 'reaches' : 'cannot reach'} PostgreSQL`);
    const outside = egress.filter((r) => !portsOf(r).every((p) => [53, natsPort, pgPort].includes(p)));
    if (['engine', 'gateway', 'devnet'].includes(app) && outside.length)
      fail(name, `${component} reaches ${JSON.stringify(outside)}`);
    if (['pricing', 'notifier'].includes(app) && (outside.length !== 1 || String(portsOf(outside[0])) !== '443'))
      fail(name, `${component} does not reach 443 (alone) outside: ${JSON.stringify(outside)}`);
    if (app === 'notifier') {
      const privateOk = values.notifier.allowPrivateWebhooks;
      const to = JSON.stringify(outside[0] && outside[0].to);
      if (privateOk ? to !== undefined : !to || !to.includes('10.0.0.0/8') || !to.includes('192.168.0.0/16'))
        fail(name, `the notifier's webhooks reach ${to}${privateOk ? '' : ' (private addresses too)'}`);
    }
    // The nodes: one rule for each network whose node the pod has (its URL), none for the devnet's.
    const nodes = NETWORKS.filter((n) => ref(env, NODE[n][0]));
    if (['treasury', 'refunds', 'watcher'].includes(app) && outside.length !== nodes.length)
      fail(name, `${component} reaches ${outside.length} outside services for its ${nodes.length} nodes`);
    const btc = np.nodes.btc;
    const toBtc = (r) => String(portsOf(r)) === String(btc.ports) && isDeepStrictEqual(r.to || [], btc.to);
    if (component === 'watcher-btc' && nodes.length && !outside.some(toBtc))
      fail(name, `watcher-btc does not reach its node on ${btc.ports} at ${JSON.stringify(btc.to)}`);
  }
}

const [, dir, ...rendered] = process.argv.slice(2);
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
    checkBusIdentity(name, d, component);
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
  // The notifier never holds the key that opens API secrets, nor seals its own under it.
  const [gateway, notifier] = ['gateway', 'notifier'].map(envOf);
  if (notifier && ref(notifier, 'SECRETS_KEY')) fail(name, 'the notifier gets SECRETS_KEY');
  if (gateway && notifier && ref(notifier, 'WEBHOOK_SECRETS_KEY') &&
    ref(notifier, 'WEBHOOK_SECRETS_KEY') === ref(gateway, 'SECRETS_KEY'))
    fail(name, "the notifier's WEBHOOK_SECRETS_KEY is the gateway's SECRETS_KEY");
  // Each service's DATABASE_URL from its own Secret, so as its own role (README "Database roles");
  // every watcher is one service there, `watcher`.
  const databaseSecrets = new Map();
  for (const d of deployments) {
    const app = d.spec.template.spec.containers[0].name;
    const url = (d.spec.template.spec.containers[0].env || []).find((e) => e.name === 'DATABASE_URL');
    const secret = url && url.valueFrom && url.valueFrom.secretKeyRef;
    if (url && !secret) fail(name, `${app}'s DATABASE_URL is not from a Secret`);
    if (!secret) continue;
    const apps = databaseSecrets.get(secret.name) || new Set();
    databaseSecrets.set(secret.name, apps.add(app));
  }
  for (const [secret, apps] of databaseSecrets)
    if (apps.size > 1) fail(name, `${[...apps].join(', ')} get their DATABASE_URL from one Secret, ${secret}`);
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
  checkAuthorization(name, objects, deployments, valuesOf(name));
  checkNetworkPolicies(name, objects, deployments, valuesOf(name));
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
const ingressSet = read('default.ingress.yaml', path.join(dir, 'default.ingress.yaml'));
checkNetworkPolicies('default.ingress.yaml', ingressSet, ingressSet.filter((o) => o.kind === 'Deployment'), valuesOf('', { ingress: { enabled: true } }));
const unpoliced = read('default.no-policies.yaml', path.join(dir, 'default.no-policies.yaml')).filter((o) => o.kind === 'NetworkPolicy');
if (unpoliced.length) fail('default.no-policies.yaml', `${unpoliced.length} NetworkPolicies with networkPolicy.enabled false`);
console.log('check-chart: NetworkPolicies: the gateway behind the Ingress reached from its controller only; none when turned off');

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
  'full.database.yaml': (c) => c === 'engine',
  'full.watcher-database.yaml': (c) => c.startsWith('watcher-'),
  'full.btc-xpub.yaml': (c) => ['engine', 'treasury', 'devnet', 'watcher-btc'].includes(c),
  'full.btc-node.yaml': (c) => ['treasury', 'refunds', 'watcher-btc'].includes(c),
  'full.xmr-watcher-wallet.yaml': (c) => c === 'watcher-xmr',
  'full.secrets-key.yaml': (c) => c === 'gateway',
  'full.webhook-key.yaml': (c) => c === 'notifier',
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
