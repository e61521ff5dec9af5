#!/usr/bin/env bash
# Checks the Helm chart in deploy/instant-swap: `helm lint` and `helm template` with the default
# values and with each file in deploy/instant-swap/ci/ (everything enabled; existing Secrets), then
# reads every rendered document back and checks what the chart promises: valid YAML, unique names,
# a Service per Deployment, every variable a service cannot start without (in the ci sets, where
# everything is configured), each secret only in the pods that need it (the mnemonic in the
# treasury alone), and pods that roll when a chart-made Secret they read changes, only those.
# Uses `helm` from the PATH or $HELM; without one it says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'check-chart: %s\n' "$*"; }
HELM=${HELM:-helm}
if ! command -v "$HELM" >/dev/null 2>&1; then
  say "helm is not installed (put it on the PATH or set HELM=/path/to/helm): chart not checked"
  exit 0
fi

chart=deploy/instant-swap
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
say "$("$HELM" version --short)"

sets=(default)
for file in "$chart"/ci/*-values.yaml; do sets+=("$file"); done
for set in "${sets[@]}"; do
  args=()
  [ "$set" = default ] || args=(-f "$set")
  say "lint and template: $set"
  "$HELM" lint --strict "$chart" "${args[@]}" >"$out/lint.log" || {
    cat "$out/lint.log"
    exit 1
  }
  "$HELM" template swap "$chart" --namespace swap "${args[@]}" >"$out/$(basename "$set").rendered.yaml"
done

# The chart must refuse what would break the services' guarantees, and allow what leases make safe.
refuse() {
  local why=$1
  shift
  if "$HELM" template swap "$chart" "$@" >/dev/null 2>&1; then
    say "FAILED: the chart accepted $why ($*)"
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
refuse 'a second treasury' --set treasury.replicas=2
refuse 'a second refunds service' --set refunds.replicas=2
refuse 'an autoscaled refunds service' --set refunds.autoscaling.enabled=true
refuse 'a second devnet' --set devnet.enabled=true --set devnet.replicas=2
refuse 'a misspelt value' --set gateway.replica=3
refuse 'a misspelt watcher setting' --set watchers.btc.pollMS=500
refuse 'a grace period shorter than the shutdown' --set gateway.terminationGracePeriodSeconds=12
accept 'several engines (inbox partitions through KV leases)' --set engine.replicas=4
accept 'standby watchers (one follower per network through a KV lease)' --set watchers.btc.replicas=3

# The full set again with one chart-made secret changed each: which pods roll.
full="$chart/ci/full-values.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" >"$out/full.base.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set database.url=postgres://swap:test-only-other@postgres.db.svc:5432/swap >"$out/full.database.yaml"
"$HELM" template swap "$chart" --namespace swap -f "$full" \
  --set networks.btc.xpub=test-only-other-btc-xpub >"$out/full.btc-xpub.yaml"

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
// Which components may read each secret (the services' config schemas: apps/*/src).
const scope = { TREASURY_MNEMONIC: ['treasury'], TREASURY_MNEMONIC_FILE: ['treasury'], SECRETS_KEY: ['gateway'] };
const mayRead = (variable, component) => {
  if (variable === 'DATABASE_URL') return component !== 'pricing';
  if (XPUBS.includes(variable)) {
    const own = component.startsWith('watcher-') && `${component.slice(8).toUpperCase()}_XPUB`;
    return ['engine', 'treasury', 'devnet'].includes(component) || variable === own;
  }
  return !scope[variable] || scope[variable].includes(component);
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
  // Placeholder secrets in the ci values must end up in Secrets only, never inline in a pod spec.
  objects
    .filter((o) => o.kind !== 'Secret' && JSON.stringify(o).includes('test-only'))
    .forEach((o) => fail(name, `a secret value inline in ${o.kind}/${o.metadata.name}`));
  console.log(`check-chart: ${name}: ${objects.length} objects, ${deployments.length} Deployments read back`);
}

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
