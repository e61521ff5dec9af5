{{/*
The environment of each app: exactly the variables its config schema reads
(apps/<app>/src/*.config.ts or main.ts). Each "instant-swap.env.<app>" takes
(dict "root" $ "c" $component) and prints env list items, each starting on a new line.
A variable whose value is not configured is left out rather than set empty: the service then
stops at start-up naming every missing variable, and NOTES.txt names them at install time.
*/}}

{{/* Every service: which app the image runs (the Dockerfile's APP), its port, log level and bus. */}}
{{- define "instant-swap.env.common" }}
- name: APP
  value: {{ .c.app | quote }}
- name: PORT
  value: {{ .root.Values.containerPort | int | quote }}
- name: LOG_LEVEL
  value: {{ .c.settings.logLevel | default .root.Values.logLevel | quote }}
{{- with include "instant-swap.natsSecret" .root }}
{{- include "instant-swap.secretEnv" (list "NATS_URL" .) }}
{{- else }}
{{- with .root.Values.nats.url }}
- name: NATS_URL
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* Names this replica in rate-limit gossip, bus connections and logs: the pod's name. */}}
{{- define "instant-swap.env.hostname" }}
- name: HOSTNAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
{{- end }}

{{- define "instant-swap.env.database" }}
{{- with include "instant-swap.databaseSecret" .root }}
{{- include "instant-swap.secretEnv" (list "DATABASE_URL" .) }}
{{- end }}
- name: DB_POOL_SIZE
  value: {{ .c.settings.dbPoolSize | int | quote }}
- name: SWAP_PAYMENT_WINDOW_SECONDS
  value: {{ .root.Values.swapPaymentWindowSeconds | int | quote }}
{{- end }}

{{/* <NETWORK>_XPUB (account keys, never private spend keys: D11) and <NETWORK>_NETWORK. Takes (dict "root" $ "networks" (list "BTC" …)). */}}
{{- define "instant-swap.env.networks" }}
{{- range $network := .networks }}
{{- $config := index $.root.Values.networks (lower $network) | default dict }}
{{- $secret := include "instant-swap.accountKeysSecretName" $.root }}
{{- if and $secret (or $.root.Values.networks.existingSecret $config.xpub) }}
{{- include "instant-swap.secretEnv" (list (printf "%s_XPUB" $network) (dict "name" $secret "key" (printf "%s_XPUB" $network) | toJson)) }}
{{- end }}
- name: {{ $network }}_NETWORK
  value: {{ $config.chain | default "mainnet" | quote }}
{{- end }}
{{- end }}

{{- define "instant-swap.env.gateway" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
{{- with include "instant-swap.secretsKeySecret" .root }}
{{- include "instant-swap.secretEnv" (list "SECRETS_KEY" .) }}
{{- end }}
{{- with $s.publicUrl }}
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
- name: TRUST_PROXY
  value: {{ $s.trustProxy | toString | quote }}
{{- end }}

{{- define "instant-swap.env.engine" }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ")) }}
{{- end }}

{{/* A watcher gets its own network only: the XMR "xpub" is a view key, no other watcher needs it. */}}
{{- define "instant-swap.env.watcher" }}
- name: WATCHER_NETWORK
  value: {{ .c.network | quote }}
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (list .c.network)) }}
{{- end }}

{{- define "instant-swap.env.pricing" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
- name: PRICE_REFRESH_SECONDS
  value: {{ $s.refreshSeconds | toString | quote }}
- name: PRICE_SOURCES
  value: {{ $s.sources | join "," | quote }}
{{- end }}

{{/* The only pod that may see the mnemonic (D11). */}}
{{- define "instant-swap.env.treasury" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
- name: LIQUIDITY_REFRESH_SECONDS
  value: {{ $s.liquidityRefreshSeconds | toString | quote }}
{{- range $code := include "instant-swap.currencyCodes" .root | splitList " " }}
{{- with index ($s.liquidity | default dict) $code }}
- name: TREASURY_LIQUIDITY_{{ $code }}
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- with include "instant-swap.mnemonicSecret" .root }}
{{- if $s.mnemonic.mountAsFile }}
- name: TREASURY_MNEMONIC_FILE
  value: {{ printf "%s/mnemonic" $s.mnemonic.mountPath | quote }}
{{- else }}
{{- include "instant-swap.secretEnv" (list "TREASURY_MNEMONIC" .) }}
{{- end }}
{{- end }}
{{- end }}

{{/* refunds and devnet read only the common variables today. */}}
{{- define "instant-swap.env.refunds" }}
{{- end }}

{{- define "instant-swap.env.devnet" }}
{{- end }}
