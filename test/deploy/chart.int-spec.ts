import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The Helm chart (deploy/instant-swap) through tools/check-chart.sh: rendered with `helm` where it
 * is installed, else with tools/render-chart (Go, from Debian's packages, which .ci/run installs),
 * and read back. A chart that cannot be rendered here is a skip, said out loud, never a pass.
 * Each breakage below is made on a copy of the chart, to prove the check sees it.
 */
const ROOT = path.resolve(__dirname, '../..');
const CHART = path.join(ROOT, 'deploy/instant-swap');
const CHECK = path.join(ROOT, 'tools/check-chart.sh');

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v "${command}"`]).status === 0;
// What tools/render-chart/helm builds from: Debian's Go packages.
const gocode = process.env.RENDER_CHART_GOCODE ?? '/usr/share/gocode';
const goPackages = ['github.com/Masterminds/sprig', 'github.com/xeipuuv/gojsonschema', 'gopkg.in/yaml.v2'];
const renderer = onPath(process.env.HELM ?? 'helm')
  ? 'helm'
  : onPath('go') && goPackages.every((p) => existsSync(path.join(gocode, 'src', p)))
    ? 'tools/render-chart'
    : null;
if (!renderer)
  console.warn(
    'chart.int-spec SKIPPED: neither helm nor go with its packages (golang-go, golang-github-masterminds-sprig-dev, ' +
      'golang-gopkg-yaml.v2-dev, golang-github-xeipuuv-gojsonschema-dev) is installed, so the chart cannot be ' +
      'rendered here; .ci/run installs them.',
  );
const describeChart = renderer ? describe : describe.skip;

interface CheckResult {
  ok: boolean;
  output: string;
}

function check(chart = CHART): Promise<CheckResult> {
  return new Promise((resolve) => {
    execFile(CHECK, [chart], { cwd: ROOT, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
      resolve({ ok: error === null, output: `${stdout}${stderr}` }),
    );
  });
}

describeChart(`the Helm chart, rendered with ${renderer}`, () => {
  const copies: string[] = [];
  afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A copy of the chart with `file` changed; the change must apply. */
  function broken(file: string, change: (text: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'chart-'));
    copies.push(dir);
    cpSync(CHART, dir, { recursive: true });
    const target = path.join(dir, file);
    const before = readFileSync(target, 'utf8');
    const after = change(before);
    expect(after).not.toBe(before);
    writeFileSync(target, after);
    return dir;
  }

  it('passes tools/check-chart.sh: defaults, the ci value sets, refusals, read-back and checksums', async () => {
    const result = await check();
    expect(result.output).toContain('check-chart: ok');
    expect(result.output).not.toContain('not checked');
    expect(result.ok).toBe(true);
  }, 180_000);

  it.each<[string, string, (text: string) => string, RegExp]>([
    [
      'a broken template',
      'templates/services.yaml',
      (text) => text.replace('{{- range $c := $acc.items }}', '{{- range $c := $acc.items }'),
      /parse error/i,
    ],
    [
      'a misspelt value in a values file',
      'ci/full-values.yaml',
      (text) => text.replace('refunds:\n  pollMs: 2000', 'refunds:\n  pollMS: 2000'),
      /pollMS/,
    ],
    [
      'a schema that lets a misspelt value through',
      'values.schema.json',
      (text) =>
        text.replace(
          '"additionalProperties": false,\n      "description": "The signed HTTP API"',
          '"additionalProperties": true,\n      "description": "The signed HTTP API"',
        ),
      /the chart accepted a misspelt value/,
    ],
    [
      'a watcher enabled with nothing to watch (no node, no devnet)',
      'ci/existing-secrets-values.yaml',
      (text) => text.replace('avax: { replicas: 0 }', 'avax: { enabled: true }'),
      /AVAX has nothing to watch/,
    ],
    [
      'a chart that runs a watcher with nothing to watch',
      'templates/_helpers.tpl',
      (text) => text.replace(/\{\{- fail \(printf "%s is true, but %s has nothing to watch[^\n]*\n/, ''),
      /the chart accepted a watcher with nothing to watch/,
    ],
    [
      'the mnemonic outside the treasury',
      'templates/_env.tpl',
      (text) =>
        text.replace(
          '- name: TRUST_PROXY',
          '{{- with include "instant-swap.mnemonicSecret" .root }}\n' +
            '{{- include "instant-swap.secretEnv" (list "TREASURY_MNEMONIC" .) }}\n{{- end }}\n- name: TRUST_PROXY',
        ),
      /gateway gets TREASURY_MNEMONIC/,
    ],
    [
      'SECRETS_KEY in the notifier',
      'templates/_env.tpl',
      (text) =>
        text.replace(
          '- name: WEBHOOK_ALLOW_PRIVATE',
          '{{- with include "instant-swap.secretsKeySecret" .root }}\n' +
            '{{- include "instant-swap.secretEnv" (list "SECRETS_KEY" .) }}\n{{- end }}\n- name: WEBHOOK_ALLOW_PRIVATE',
        ),
      /notifier gets SECRETS_KEY/,
    ],
    [
      'a notifier without the key that encrypts webhook secrets',
      'templates/_env.tpl',
      (text) =>
        text.replace(
          /(define "instant-swap\.env\.notifier"[\s\S]*?)\{\{- include "instant-swap\.secretEnv" \(list "WEBHOOK_SECRETS_KEY" \.\) \}\}\n/,
          '$1',
        ),
      /notifier lacks WEBHOOK_SECRETS_KEY/,
    ],
    [
      "the notifier sealing webhook secrets under the gateway's key",
      'templates/_helpers.tpl',
      (text) =>
        text.replace(
          '{{- with .Values.notifier.webhookSecretsKey }}',
          '{{- with .Values.gateway.secretsKey }}',
        ),
      /notifier's WEBHOOK_SECRETS_KEY is the gateway's SECRETS_KEY/,
    ],
    [
      'every service on one DATABASE_URL Secret',
      'templates/_helpers.tpl',
      (text) =>
        text.replace(
          '(index $root.Values (ternary "watchers" $app (eq $app "watcher")) | default dict).database',
          '$root.Values.gateway.database',
        ),
      /get their DATABASE_URL from one Secret, swap-db-gateway/,
    ],
    [
      'a DATABASE_URL Secret made for one service that rolls another',
      'templates/_deployment.tpl',
      (text) =>
        text.replace(
          '{{- with (index $v (ternary "watchers" .c.app (eq .c.app "watcher"))).database }}',
          '{{- with $v.engine.database }}',
        ),
      /full\.database\.yaml: \w+ rolls when that Secret changes/,
    ],
    [
      "a gateway that believes no proxy behind the chart's Ingress",
      'values.yaml',
      (text) => text.replace("  trustProxy: ''", '  trustProxy: false'),
      /TRUST_PROXY is "false", not "loopback,linklocal,uniquelocal" behind the chart's Ingress/,
    ],
    [
      'a gateway that believes private addresses with no Ingress in front',
      'templates/_env.tpl',
      (text) =>
        text.replace(
          '"loopback,linklocal,uniquelocal" "false"',
          '"loopback,linklocal,uniquelocal" "uniquelocal"',
        ),
      /default: the gateway's TRUST_PROXY is "uniquelocal", not "false"/,
    ],
    [
      "a chart that mounts the gateway's seed in every pod",
      'templates/_helpers.tpl',
      (text) =>
        text.replace(
          '(index . 0).Values.bus.seedSecrets | default dict) (index . 1)',
          '(index . 0).Values.bus.seedSecrets | default dict) "gateway"',
        ),
      /treasury mounts swap-bus-gateway/,
    ],
    [
      'a schema that takes a seed for a public key',
      'values.schema.json',
      (text) => text.replace('"pattern": "^(|U[A-Z2-7]{55})$"', '"pattern": "^(|[SU][A-Z2-7]+)$"'),
      /the chart accepted a seed where a public key goes/,
    ],
    [
      'permissions that let the gateway ask the treasury to sign',
      'files/nats-permissions.json',
      (text) =>
        text.replace(
          '"engine.rpc.swap.advance",',
          '"engine.rpc.swap.advance", "treasury.rpc.sign-transfer",',
        ),
      /gateway may ask the treasury to sign/,
    ],
    [
      'something but metrics scrapes reaching the treasury',
      'templates/networkpolicies.yaml',
      (text) =>
        text.replace(
          '{{- $ingress = append $ingress (dict "from" . "ports" $http) }}\n{{- end }}\n{{- if eq $c.app "gateway" }}',
          '{{- $ingress = append $ingress (dict "ports" $http) }}\n{{- end }}\n{{- if eq $c.app "gateway" }}',
        ),
      /something but metrics scrapes reaches treasury/,
    ],
    [
      'a notifier let reach private addresses by default',
      'templates/networkpolicies.yaml',
      (text) =>
        text.replace(
          '{{- if and (not $to) (not $.Values.notifier.allowPrivateWebhooks) }}',
          '{{- if false }}',
        ),
      /default: the notifier's webhooks reach undefined \(private addresses too\)/,
    ],
    [
      'pricing let reach PostgreSQL',
      'templates/networkpolicies.yaml',
      (text) => text.replace('{{- if ne $c.app "pricing" }}', '{{- if true }}'),
      /pricing reaches PostgreSQL/,
    ],
    [
      'webhooks to private addresses allowed by default',
      'values.yaml',
      (text) => text.replace('allowPrivateWebhooks: false', 'allowPrivateWebhooks: true'),
      /WEBHOOK_ALLOW_PRIVATE is "true" by default/,
    ],
  ])(
    'fails on %s',
    async (_what, file, change, reason) => {
      const result = await check(broken(file, change));
      expect(result.output).toMatch(reason);
      expect(result.ok).toBe(false);
    },
    180_000,
  );
});
