#!/usr/bin/env bash
# Checks the Helm chart in deploy/instant-swap: `helm lint` and `helm template` with the default
# values and with each file in deploy/instant-swap/ci/ (everything enabled; existing Secrets), then
# reads every rendered document back and checks what the chart promises: valid YAML, unique names,
# a Service per Deployment, and each secret only in the pods that need it (the mnemonic in the
# treasury alone). Uses `helm` from the PATH or $HELM; without one it says so and exits 0.
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

# The chart must refuse what would break the services' guarantees.
refuse() {
  local why=$1
  shift
  if "$HELM" template swap "$chart" "$@" >/dev/null 2>&1; then
    say "FAILED: the chart accepted $why ($*)"
    exit 1
  fi
}
refuse 'a second treasury' --set treasury.replicas=2
refuse 'an autoscaled refunds service' --set refunds.autoscaling.enabled=true
refuse 'a misspelt value' --set gateway.replica=3
refuse 'a grace period shorter than the shutdown' --set gateway.terminationGracePeriodSeconds=12

if ! node -e "require('yaml')" >/dev/null 2>&1; then
  say "no YAML parser (node's yaml package): rendered manifests not read back"
  say "ok"
  exit 0
fi
node - "$out"/*.rendered.yaml <<'EOF'
const fs = require('fs');
const { parseAllDocuments } = require('yaml');
let failed = false;
const fail = (file, message) => {
  failed = true;
  console.error(`check-chart: FAILED ${file}: ${message}`);
};
const scope = { TREASURY_MNEMONIC: ['treasury'], TREASURY_MNEMONIC_FILE: ['treasury'], SECRETS_KEY: ['gateway'] };
scope.DATABASE_URL = ['gateway', 'engine'];
for (const file of process.argv.slice(2)) {
  const name = require('path').basename(file, '.rendered.yaml');
  const objects = [];
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    if (doc.errors.length) fail(name, doc.errors[0].message);
    const object = doc.toJS ? doc.toJS() : doc.toJSON(); // yaml 2 or 1, whichever the tree has
    if (object) objects.push(object);
  }
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
      if (scope[e.name] && !scope[e.name].includes(component)) fail(name, `${component} gets ${e.name}`);
      if (e.value === '') fail(name, `${component}: ${e.name} is set empty`);
    }
    if (component !== 'treasury' && JSON.stringify(pod.volumes || []).includes('treasury'))
      fail(name, `${component} mounts the treasury's Secret`);
    if (component.startsWith('watcher-')) {
      const own = `${component.slice('watcher-'.length).toUpperCase()}_XPUB`;
      env.filter((e) => /_XPUB$/.test(e.name) && e.name !== own).forEach((e) => fail(name, `${component} gets ${e.name}`));
    }
  }
  // Placeholder secrets in the ci values must end up in Secrets only, never inline in a pod spec.
  objects
    .filter((o) => o.kind !== 'Secret' && JSON.stringify(o).includes('test-only'))
    .forEach((o) => fail(name, `a secret value inline in ${o.kind}/${o.metadata.name}`));
  console.log(`check-chart: ${name}: ${objects.length} objects, ${deployments.length} Deployments read back`);
}
process.exit(failed ? 1 : 0);
EOF
say "ok"
