{{/*
Names, labels and the list of components. The Deployment itself is in _deployment.tpl, the
environment of each app in _env.tpl.
*/}}

{{- define "instant-swap.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "instant-swap.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/*
<fullname>-<suffix>, e.g. the Deployment "swap-instant-swap-watcher-btc". Takes (list root suffix).
The prefix is cut to 50 characters so that the suffixes (12 at most) keep names distinct and under 63.
*/}}
{{- define "instant-swap.resourceName" -}}
{{- $prefix := include "instant-swap.fullname" (index . 0) | trunc 50 | trimSuffix "-" }}
{{- printf "%s-%s" $prefix (index . 1) }}
{{- end }}

{{- define "instant-swap.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels. Takes (dict "root" $ "component" "gateway"); component may be empty. */}}
{{- define "instant-swap.selectorLabels" -}}
app.kubernetes.io/name: {{ include "instant-swap.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end }}

{{/* Labels of every resource. Takes (dict "root" $ "component" "gateway"); component may be empty. */}}
{{- define "instant-swap.labels" -}}
helm.sh/chart: {{ include "instant-swap.chart" .root }}
{{ include "instant-swap.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: instant-swap
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{- define "instant-swap.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "instant-swap.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
Every enabled component (a watcher as "instant-swap.watcherEnabled" decides), in a fixed order,
appended to .acc.items (a dict is shared with the caller, so no YAML round trip loses types).
Each item:
  name      the component: gateway, engine, …, notifier, devnet, watcher-btc
  app       the directory under apps/ that the image runs (APP): watcher for every watcher
  network   the watched network (BTC, …) for watchers, else ""
  settings  `defaults`, then `watchers.defaults` for watchers, then the service's own block,
            overlaid key by key (a key set in a later block replaces the earlier value whole)
  singleton true for the services that must never run twice at once (see values.yaml); the engine
            and the watchers may run several replicas, which share the work through KV leases
Takes (dict "root" $ "acc" $acc).
*/}}
{{- define "instant-swap.collectComponents" -}}
{{- $root := .root }}
{{- $acc := .acc }}
{{- $singletons := list "treasury" "refunds" "devnet" }}
{{- range $name := list "gateway" "engine" "pricing" "treasury" "refunds" "notifier" "devnet" }}
{{- $own := index $root.Values $name }}
{{- if $own.enabled }}
{{- $settings := dict }}
{{- include "instant-swap.overlay" (list $settings $root.Values.defaults) }}
{{- include "instant-swap.overlay" (list $settings $own) }}
{{- $item := dict "name" $name "app" $name "network" "" "settings" $settings "singleton" (has $name $singletons) }}
{{- $_ := set $acc "items" (append $acc.items $item) }}
{{- end }}
{{- end }}
{{- range $network := include "instant-swap.networks" $root | splitList " " }}
{{- $own := index $root.Values.watchers (lower $network) | default dict }}
{{- if include "instant-swap.watcherEnabled" (list $root $network) }}
{{- $settings := dict }}
{{- include "instant-swap.overlay" (list $settings $root.Values.defaults) }}
{{- include "instant-swap.overlay" (list $settings $root.Values.watchers.defaults) }}
{{- include "instant-swap.overlay" (list $settings $own) }}
{{- $item := dict "name" (printf "watcher-%s" (lower $network)) "app" "watcher" "network" $network "settings" $settings "singleton" false }}
{{- $_ := set $acc "items" (append $acc.items $item) }}
{{- end }}
{{- end }}
{{- end }}

{{/* Copies every key of the second dict that is set (not null) into the first. Takes (list dst src). */}}
{{- define "instant-swap.overlay" -}}
{{- $dst := index . 0 }}
{{- range $key, $value := (index . 1 | default dict) }}
{{- if not (kindIs "invalid" $value) }}
{{- $_ := set $dst $key $value }}
{{- end }}
{{- end }}
{{- end }}

{{/* The seven networks, as the code names them (NETWORKS in libs/shared/domain). */}}
{{- define "instant-swap.networks" -}}
BTC LTC XMR TRX ETH SOL AVAX
{{- end }}

{{/* The nine currency codes (CURRENCY_CODES in libs/shared/domain), for TREASURY_LIQUIDITY_<CODE>. */}}
{{- define "instant-swap.currencyCodes" -}}
BTC LTC XMR TRX ETH SOL AVAX USDTTRC USDTERC
{{- end }}

{{/*
Secret references: (name, key) of the Secret holding a value, the operator's existing Secret when
named, else the one this chart creates from values; "" when neither is configured.
*/}}
{{/*
DATABASE_URL of one app, as its own PostgreSQL role (README "Database roles"): <app>.database, and
watchers.database for every watcher; pricing has none. Takes (list $ app).
*/}}
{{- define "instant-swap.databaseSecret" -}}
{{- $root := index . 0 }}
{{- $app := index . 1 }}
{{- with (index $root.Values (ternary "watchers" $app (eq $app "watcher")) | default dict).database }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- else if .url }}
{{- dict "name" (include "instant-swap.resourceName" (list $root (printf "db-%s" $app))) "key" "DATABASE_URL" | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{/* Where an app's DATABASE_URL is configured, for messages: gateway.database, watchers.database. */}}
{{- define "instant-swap.databaseValues" -}}
{{- ternary "watchers" . (eq . "watcher") }}.database
{{- end }}

{{/* SECRETS_KEY: the gateway's alone, which encrypts API secrets with it. */}}
{{- define "instant-swap.secretsKeySecret" -}}
{{- with .Values.gateway.secretsKey }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- else if .value }}
{{- dict "name" (include "instant-swap.resourceName" (list $ "gateway")) "key" "SECRETS_KEY" | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{/* WEBHOOK_SECRETS_KEY: the notifier's own, which encrypts webhook secrets with it. */}}
{{- define "instant-swap.webhookSecretsKeySecret" -}}
{{- with .Values.notifier.webhookSecretsKey }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- else if .value }}
{{- dict "name" (include "instant-swap.resourceName" (list $ "notifier")) "key" "WEBHOOK_SECRETS_KEY" | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{/* WEBHOOK_SECRETS_OLD_KEY, for one upgrade: the key webhook secrets were sealed with before. */}}
{{- define "instant-swap.webhookSecretsOldKeySecret" -}}
{{- with .Values.notifier.webhookSecretsOldKey }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{- define "instant-swap.mnemonicSecret" -}}
{{- with .Values.treasury.mnemonic }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- else if .value }}
{{- dict "name" (include "instant-swap.resourceName" (list $ "treasury")) "key" "TREASURY_MNEMONIC" | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{/*
Whether a network's watcher runs, "true" or "": watchers.<network>.enabled, else
watchers.defaults.enabled, when either is true or false; null (the default) means auto, on when
the network has a node or the devnet is enabled. A watcher turned on with neither would watch
nothing: refused. Takes (list $ "BTC").
*/}}
{{- define "instant-swap.watcherEnabled" -}}
{{- $root := index . 0 }}
{{- $network := index . 1 }}
{{- $key := printf "watchers.%s.enabled" (lower $network) }}
{{- $enabled := (index $root.Values.watchers (lower $network) | default dict).enabled }}
{{- if kindIs "invalid" $enabled }}
{{- $key = "watchers.defaults.enabled" }}
{{- $enabled = ($root.Values.watchers.defaults | default dict).enabled }}
{{- end }}
{{- $hasNode := include "instant-swap.nodeSecretName" . }}
{{- if kindIs "invalid" $enabled }}
{{- if or $hasNode $root.Values.devnet.enabled }}true{{ end }}
{{- else if $enabled }}
{{- if not (or $hasNode $root.Values.devnet.enabled) }}
{{- fail (printf "%s is true, but %s has nothing to watch: no node (%s) and the devnet is off (devnet.enabled). Configure the node, or leave %s unset (null) so that the watcher runs once there is one." $key $network (include "instant-swap.nodeValues" $network) $key) }}
{{- end -}}
true
{{- end }}
{{- end }}

{{/* Where a network's node is configured, for messages: networks.btc.node.rpcUrl or .existingSecret. */}}
{{- define "instant-swap.nodeValues" -}}
{{- if eq . "XMR" }}networks.xmr.node.daemonRpcUrl or .existingSecret
{{- else }}networks.{{ lower . }}.node.rpcUrl or .existingSecret{{ end }}
{{- end }}

{{/*
Name of the Secret holding a network's node URL (<NETWORK>_RPC_URL; XMR_DAEMON_RPC_URL; with
TRX_API_KEY): the existing one named in networks.<network>.node, or the one this chart makes from
its rpcUrl (daemonRpcUrl); "" when the network has no node (it runs on the devnet, if enabled).
Takes (list $ "TRX").
*/}}
{{- define "instant-swap.nodeSecretName" -}}
{{- $root := index . 0 }}
{{- $network := index . 1 }}
{{- $node := (index $root.Values.networks (lower $network) | default dict).node | default dict }}
{{- if $node.existingSecret }}
{{- $node.existingSecret }}
{{- else if (ternary $node.daemonRpcUrl $node.rpcUrl (eq $network "XMR")) }}
{{- include "instant-swap.resourceName" (list $root (printf "%s-node" (lower $network))) }}
{{- end }}
{{- end }}

{{/*
Name of the Secret holding the XMR wallet-rpc of the treasury or of the XMR watcher
(XMR_WALLET_RPC_URL, XMR_WALLET_PASSWORD): each has its own, as one wallet-rpc holds one wallet
open. Takes (list $ "treasury"|"watcher"); "" when none is configured.
*/}}
{{- define "instant-swap.xmrWalletSecretName" -}}
{{- $root := index . 0 }}
{{- $wallet := index ($root.Values.networks.xmr | default dict) (printf "%sWallet" (index . 1)) | default dict }}
{{- if $wallet.existingSecret }}
{{- $wallet.existingSecret }}
{{- else if $wallet.rpcUrl }}
{{- include "instant-swap.resourceName" (list $root (printf "xmr-%s" (index . 1))) }}
{{- end }}
{{- end }}

{{/* Name of the Secret holding <NETWORK>_XPUB, keyed by variable name; "" when no key is configured. */}}
{{- define "instant-swap.accountKeysSecretName" -}}
{{- if .Values.networks.existingSecret }}
{{- .Values.networks.existingSecret }}
{{- else if include "instant-swap.accountKeyValues" . }}
{{- include "instant-swap.resourceName" (list $ "account-keys") }}
{{- end }}
{{- end }}

{{/* The xpubs given as values, as {"BTC_XPUB": "…"} JSON; "" when there are none. */}}
{{- define "instant-swap.accountKeyValues" -}}
{{- $keys := dict }}
{{- range $network := include "instant-swap.networks" $ | splitList " " }}
{{- with (index $.Values.networks (lower $network) | default dict).xpub }}
{{- $_ := set $keys (printf "%s_XPUB" $network) . }}
{{- end }}
{{- end }}
{{- if $keys }}
{{- toJson $keys }}
{{- end }}
{{- end }}

{{- define "instant-swap.natsSecret" -}}
{{- with .Values.nats }}
{{- if .existingSecret }}
{{- dict "name" .existingSecret "key" .existingSecretKey | toJson }}
{{- end }}
{{- end }}
{{- end }}

{{/*
The bus identity a component connects as (BUS_ACCESS): its app's name, so every watcher is
"watcher". The Secret holding its nkey seed (bus.seedSecrets), "" when none. Takes (list $ app).
*/}}
{{- define "instant-swap.busSeedSecret" -}}
{{- index ((index . 0).Values.bus.seedSecrets | default dict) (index . 1) | default "" }}
{{- end }}

{{/* Where a pod's bus files are: <identity>.nk and ca.crt, in one read-only projected volume. */}}
{{- define "instant-swap.busMountPath" -}}
/var/run/secrets/instant-swap/bus
{{- end }}

{{/* Whether NATS's TLS CA is configured: "true" or "". */}}
{{- define "instant-swap.busCa" -}}
{{- with .Values.bus.tls }}
{{- if and .caSecret .caConfigMap }}
{{- fail "bus.tls.caSecret and bus.tls.caConfigMap both name NATS's CA: set one of them" }}
{{- end }}
{{- if or .caSecret .caConfigMap }}true{{ end }}
{{- end }}
{{- end }}

{{/* An env entry read from a Secret. Takes (list NAME secretRefJson). */}}
{{- define "instant-swap.secretEnv" -}}
{{- $ref := index . 1 | fromJson }}
- name: {{ index . 0 }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.name }}
      key: {{ $ref.key }}
{{- end }}

{{/* The image of a component: its own repository/tag/pullPolicy where set, else the shared ones. */}}
{{- define "instant-swap.image" -}}
{{- $own := .settings.image | default dict }}
{{- $repository := $own.repository | default .root.Values.image.repository }}
{{- $tag := $own.tag | default .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- $digest := $own.digest | default .root.Values.image.digest }}
{{- if $digest }}
{{- printf "%s@%s" $repository $digest }}
{{- else }}
{{- printf "%s:%s" $repository (toString $tag) }}
{{- end }}
{{- end }}

{{/*
A NetworkPolicy egress rule, as JSON: TCP to the given ports, to the given peers; no peers means
any address. Takes (list peers ports).
*/}}
{{- define "instant-swap.egressRule" -}}
{{- $ports := list }}
{{- range index . 1 }}
{{- $ports = append $ports (dict "port" (int .) "protocol" "TCP") }}
{{- end }}
{{- $rule := dict "ports" $ports }}
{{- with index . 0 }}
{{- $_ := set $rule "to" . }}
{{- end }}
{{- toJson $rule }}
{{- end }}
