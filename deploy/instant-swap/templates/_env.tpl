{{/*
The environment of each app: exactly the variables its config schema reads
(apps/<app>/src/*.config.ts or main.ts). Each "instant-swap.env.<app>" takes
(dict "root" $ "c" $component) and prints env list items, each starting on a new line.
A variable whose value is not configured is left out rather than set empty: the service then
stops at start-up naming every missing variable, and NOTES.txt names them at install time.
*/}}

{{/*
Every service: which app the image runs (the Dockerfile's APP), its port, log level and bus: the URL,
and the files of the bus volume (_deployment.tpl), its identity's seed and the CA of NATS's TLS.
*/}}
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
{{- if include "instant-swap.busSeedSecret" (list .root .c.app) }}
- name: NATS_NKEY_SEED_FILE
  value: {{ printf "%s/%s.nk" (include "instant-swap.busMountPath" .) .c.app | quote }}
{{- end }}
{{- if include "instant-swap.busCa" .root }}
- name: NATS_TLS_CA_FILE
  value: {{ printf "%s/ca.crt" (include "instant-swap.busMountPath" .) | quote }}
{{- end }}
{{- end }}

{{/* Names this replica in rate-limit gossip, bus connections and logs: the pod's name. */}}
{{- define "instant-swap.env.hostname" }}
- name: HOSTNAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
{{- end }}

{{/* DATABASE_URL as the app's own role (every service with a schema of its own) and its pool size. */}}
{{- define "instant-swap.env.database" }}
{{- with include "instant-swap.databaseSecret" (list .root .c.app) }}
{{- include "instant-swap.secretEnv" (list "DATABASE_URL" .) }}
{{- end }}
{{- with .c.settings.dbPoolSize }}
- name: DB_POOL_SIZE
  value: {{ . | int | quote }}
{{- end }}
{{- end }}

{{/* The payment window (D7): the gateway and the engine must agree on it. */}}
{{- define "instant-swap.env.paymentWindow" }}
- name: SWAP_PAYMENT_WINDOW_SECONDS
  value: {{ .root.Values.swapPaymentWindowSeconds | int | quote }}
{{- end }}

{{/*
<NETWORK>_XPUB (account keys, never private spend keys: D11) from the account-keys Secret, and
with "chains" true <NETWORK>_NETWORK. Takes (dict "root" $ "networks" (list "BTC" …) "chains" bool).
*/}}
{{- define "instant-swap.env.networks" }}
{{- range $network := .networks }}
{{- $config := index $.root.Values.networks (lower $network) | default dict }}
{{- $secret := include "instant-swap.accountKeysSecretName" $.root }}
{{- if and $secret (or $.root.Values.networks.existingSecret $config.xpub) }}
{{- include "instant-swap.secretEnv" (list (printf "%s_XPUB" $network) (dict "name" $secret "key" (printf "%s_XPUB" $network) | toJson)) }}
{{- end }}
{{- if $.chains }}
- name: {{ $network }}_NETWORK
  value: {{ $config.chain | default "mainnet" | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* <NETWORK>_NETWORK alone: the address formats a service validates or derives (no keys). */}}
{{- define "instant-swap.env.chains" }}
{{- range $network := include "instant-swap.networks" .root | splitList " " }}
{{- $config := index $.root.Values.networks (lower $network) | default dict }}
- name: {{ $network }}_NETWORK
  value: {{ $config.chain | default "mainnet" | quote }}
{{- end }}
{{- end }}

{{/*
The real nodes a service reads or sends on (D11): for each network of .networks that has one, its
URL from a Secret (credentials and API keys travel in it) and the network's node settings; a
network without one runs on the devnet and gets nothing here. Only the treasury, the refunds
service and the network's own watcher read them (apps/<app>/src: chainReader, chainSender,
chainRelay); .for names which, as the treasury and the XMR watcher each have their own Monero
wallet-rpc. Takes (dict "root" $ "networks" (list "BTC" …) "for" "treasury"|"refunds"|"watcher").
*/}}
{{- define "instant-swap.env.nodes" }}
{{- range $network := .networks }}
{{- $secret := include "instant-swap.nodeSecretName" (list $.root $network) }}
{{- if $secret }}
{{- $config := index $.root.Values.networks (lower $network) | default dict }}
{{- $family := get (dict "BTC" "utxo" "LTC" "utxo" "ETH" "evm" "AVAX" "evm" "XMR" "xmr" "TRX" "trx" "SOL" "sol") $network }}
{{- include (printf "instant-swap.env.node.%s" $family) (dict "root" $.root "network" $network "config" $config "node" ($config.node | default dict) "secret" $secret "for" $.for) }}
{{- end }}
{{- end }}
{{- end }}

{{/* Bitcoin Core (BTC) or litecoind (LTC) JSON-RPC: libs/shared/chain utxo-config.ts. */}}
{{- define "instant-swap.env.node.utxo" }}
{{- $n := .network }}
{{- include "instant-swap.secretEnv" (list (printf "%s_RPC_URL" $n) (dict "name" .secret "key" (printf "%s_RPC_URL" $n) | toJson)) }}
{{- with .node.wallet }}
- name: {{ $n }}_WALLET
  value: {{ . | quote }}
{{- end }}
{{- if not (or (kindIs "invalid" .node.walletBirthday) (eq (toString .node.walletBirthday) "")) }}
- name: {{ $n }}_WALLET_BIRTHDAY
  value: {{ ternary .node.walletBirthday (.node.walletBirthday | int64 | toString) (kindIs "string" .node.walletBirthday) | quote }}
{{- end }}
{{- range $setting, $variable := dict "feeTargetBlocks" "FEE_TARGET_BLOCKS" "feeMinSatVb" "FEE_MIN_SAT_VB" "feeMaxSatVb" "FEE_MAX_SAT_VB" "addressLookahead" "ADDRESS_LOOKAHEAD" }}
{{- with index $.node $setting }}
- name: {{ $n }}_{{ $variable }}
  value: {{ . | int64 | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* An EVM JSON-RPC node (ETH, AVAX), and on ETH the USDT ERC-20 contract: evm-config.ts. */}}
{{- define "instant-swap.env.node.evm" }}
{{- $n := .network }}
{{- include "instant-swap.secretEnv" (list (printf "%s_RPC_URL" $n) (dict "name" .secret "key" (printf "%s_RPC_URL" $n) | toJson)) }}
{{- with .node.chainId }}
- name: {{ $n }}_CHAIN_ID
  value: {{ . | int64 | quote }}
{{- end }}
{{- with .node.maxFeeGwei }}
- name: {{ $n }}_MAX_FEE_GWEI
  value: {{ . | quote }}
{{- end }}
{{- with .node.priorityFeeGwei }}
- name: {{ $n }}_PRIORITY_FEE_GWEI
  value: {{ . | quote }}
{{- end }}
- name: {{ $n }}_TRACE_INTERNAL
  value: {{ .node.traceInternal | default false | toString | quote }}
{{- if eq $n "ETH" }}
{{- with .config.usdtContract }}
- name: USDTERC_CONTRACT
  value: {{ . | quote }}
{{- end }}
{{- with .config.usdtGasLimit }}
- name: USDTERC_GAS_LIMIT
  value: {{ . | int64 | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/*
monerod, and the service's own monero-wallet-rpc (monero-config.ts). The refunds service only
relays stored transactions through monerod, yet its Monero settings require a wallet-rpc URL: it
gets the daemon's, which it never calls, rather than a wallet-rpc it has no use for.
*/}}
{{- define "instant-swap.env.node.xmr" }}
{{- include "instant-swap.secretEnv" (list "XMR_DAEMON_RPC_URL" (dict "name" .secret "key" "XMR_DAEMON_RPC_URL" | toJson)) }}
{{- if eq .for "refunds" }}
{{- include "instant-swap.secretEnv" (list "XMR_WALLET_RPC_URL" (dict "name" .secret "key" "XMR_DAEMON_RPC_URL" | toJson)) }}
{{- else }}
{{- $wallet := index .config (printf "%sWallet" .for) | default dict }}
{{- with include "instant-swap.xmrWalletSecretName" (list .root .for) }}
{{- include "instant-swap.secretEnv" (list "XMR_WALLET_RPC_URL" (dict "name" . "key" "XMR_WALLET_RPC_URL" | toJson)) }}
{{- if or $wallet.existingSecret $wallet.password }}
- name: XMR_WALLET_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: XMR_WALLET_PASSWORD
      optional: true
{{- end }}
{{- end }}
{{- with $wallet.name }}
- name: XMR_WALLET_NAME
  value: {{ . | quote }}
{{- end }}
{{- with .config.restoreHeight }}
- name: XMR_RESTORE_HEIGHT
  value: {{ . | int64 | quote }}
{{- end }}
{{- with .config.subaddressLookahead }}
- name: XMR_SUBADDRESS_LOOKAHEAD
  value: {{ . | int64 | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* java-tron's HTTP API (TronGrid or a node's :8090) and the USDT TRC-20 contract: tron-config.ts. */}}
{{- define "instant-swap.env.node.trx" }}
{{- $config := .config }}
{{- include "instant-swap.secretEnv" (list "TRX_RPC_URL" (dict "name" .secret "key" "TRX_RPC_URL" | toJson)) }}
{{- if or .node.existingSecret .node.apiKey }}
- name: TRX_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: TRX_API_KEY
      optional: true
{{- end }}
{{- with $config.usdtContract }}
- name: USDTTRC_CONTRACT
  value: {{ . | quote }}
{{- end }}
- name: TRX_SWEEP_ENERGY
  value: {{ $config.sweepEnergy | default "burn" | quote }}
- name: TRX_TX_EXPIRATION_SECONDS
  value: {{ $config.txExpirationSeconds | default 120 | int | quote }}
- name: TRX_FEE_LIMIT_SUN
  value: {{ $config.feeLimitSun | default 100000000 | int64 | quote }}
{{- end }}

{{/* A Solana JSON-RPC node: solana-config.ts. */}}
{{- define "instant-swap.env.node.sol" }}
{{- $config := .config }}
{{- include "instant-swap.secretEnv" (list "SOL_RPC_URL" (dict "name" .secret "key" "SOL_RPC_URL" | toJson)) }}
{{- with $config.priorityFeeMicrolamports }}
- name: SOL_PRIORITY_FEE_MICROLAMPORTS
  value: {{ . | toString | quote }}
{{- end }}
- name: SOL_MAX_PRIORITY_FEE_MICROLAMPORTS
  value: {{ $config.maxPriorityFeeMicrolamports | default 1000000 | int64 | quote }}
{{- end }}

{{- define "instant-swap.env.gateway" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.chains" . }}
{{- include "instant-swap.env.database" . }}
{{- include "instant-swap.env.paymentWindow" . }}
{{- with include "instant-swap.secretsKeySecret" .root }}
{{- include "instant-swap.secretEnv" (list "SECRETS_KEY" .) }}
{{- end }}
{{- with $s.publicUrl }}
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
{{- /* Unset, the Ingress's controller is the proxy in front, at a private address (values.yaml). */}}
{{- $trustProxy := "" }}
{{- if not (kindIs "invalid" $s.trustProxy) }}
{{- $trustProxy = toString $s.trustProxy }}
{{- end }}
{{- if eq $trustProxy "" }}
{{- $trustProxy = ternary "loopback,linklocal,uniquelocal" "false" (.root.Values.ingress.enabled | default false) }}
{{- end }}
- name: TRUST_PROXY
  value: {{ $trustProxy | quote }}
- name: SWAP_VIEW_CACHE_SIZE
  value: {{ $s.swapViewCacheSize | toString | quote }}
{{- /* The status page's payment URIs (EIP-681) name the EVM chains and the USDT contract. */}}
{{- $networks := .root.Values.networks }}
{{- with $networks.eth.node.chainId }}
- name: ETH_CHAIN_ID
  value: {{ . | int64 | quote }}
{{- end }}
{{- with $networks.avax.node.chainId }}
- name: AVAX_CHAIN_ID
  value: {{ . | int64 | quote }}
{{- end }}
{{- with $networks.eth.usdtContract }}
- name: USDTERC_CONTRACT
  value: {{ . | quote }}
{{- end }}
{{- end }}

{{/* Every replica takes inbox partitions through KV leases (ENGINE_LEASE_*), so it scales out. */}}
{{- define "instant-swap.env.engine" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
{{- include "instant-swap.env.paymentWindow" . }}
- name: ENGINE_LEASE_SECONDS
  value: {{ $s.leaseSeconds | toString | quote }}
- name: ENGINE_LEASE_ROUND_MS
  value: {{ $s.leaseRoundMs | int | quote }}
- name: ENGINE_EXPIRY_GRACE_SECONDS
  value: {{ $s.expiryGraceSeconds | int | quote }}
- name: ENGINE_INBOX_CONCURRENCY
  value: {{ $s.inboxConcurrency | int | quote }}
- name: OUTBOX_RETENTION_HOURS
  value: {{ $s.outboxRetentionHours | toString | quote }}
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ") "chains" true) }}
{{- end }}

{{/*
A watcher gets its own network only: the XMR "xpub" is a view key, no other watcher needs it.
HOSTNAME names the replica in the network's follower lease.
*/}}
{{- define "instant-swap.env.watcher" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
- name: WATCHER_NETWORK
  value: {{ .c.network | quote }}
- name: WATCHER_POLL_MS
  value: {{ $s.pollMs | int | quote }}
- name: WATCHER_RETENTION_DAYS
  value: {{ $s.retentionDays | toString | quote }}
{{- if not (kindIs "invalid" $s.startDepth) }}
- name: WATCHER_START_DEPTH
  value: {{ $s.startDepth | int | quote }}
{{- end }}
- name: WATCHER_VANISH_BLOCKS
  value: {{ $s.vanishBlocks | int | quote }}
- name: WATCHER_REORG_MARGIN
  value: {{ $s.reorgMargin | int | quote }}
- name: WATCHER_LATE_WINDOW_SECONDS
  value: {{ $s.lateWindowSeconds | toString | quote }}
- name: WATCHER_CLOCK_SKEW_SECONDS
  value: {{ $s.clockSkewSeconds | toString | quote }}
- name: WATCHER_LEASE_SECONDS
  value: {{ $s.leaseSeconds | toString | quote }}
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (list .c.network) "chains" true) }}
{{- include "instant-swap.env.nodes" (dict "root" .root "networks" (list .c.network) "for" "watcher") }}
{{- end }}

{{- define "instant-swap.env.pricing" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
- name: PRICE_REFRESH_SECONDS
  value: {{ $s.refreshSeconds | toString | quote }}
- name: PRICE_SOURCES
  value: {{ $s.sources | join "," | quote }}
{{- if $s.minSources }}
- name: PRICE_MIN_SOURCES
  value: {{ $s.minSources | int | quote }}
{{- end }}
{{- range $coin, $count := $s.minSourcesPerCoin }}
- name: PRICE_MIN_SOURCES_{{ upper $coin }}
  value: {{ $count | int | quote }}
{{- end }}
- name: PRICE_MAX_DEVIATION
  value: {{ $s.maxDeviation | toString | quote }}
{{- range $source, $url := $s.urls }}
- name: PRICE_{{ upper $source }}_URL
  value: {{ $url | quote }}
{{- end }}
- name: PRICE_HTTP_TIMEOUT_MS
  value: {{ $s.httpTimeoutMs | int | quote }}
- name: PRICE_BREAKER_FAILURES
  value: {{ $s.breakerFailures | int | quote }}
- name: PRICE_BREAKER_COOLDOWN_SECONDS
  value: {{ $s.breakerCooldownSeconds | toString | quote }}
{{- end }}

{{/* The only pod that may see the mnemonic (D11). */}}
{{- define "instant-swap.env.treasury" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
- name: LIQUIDITY_REFRESH_SECONDS
  value: {{ $s.liquidityRefreshSeconds | toString | quote }}
- name: TREASURY_CONFIRMATIONS_SECONDS
  value: {{ $s.confirmationsSeconds | toString | quote }}
- name: TREASURY_SEND_RETRY_SECONDS
  value: {{ $s.sendRetrySeconds | toString | quote }}
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
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ") "chains" true) }}
{{- include "instant-swap.env.nodes" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ") "for" "treasury") }}
{{- end }}

{{- define "instant-swap.env.refunds" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.chains" . }}
{{- include "instant-swap.env.database" . }}
- name: REFUNDS_POLL_MS
  value: {{ $s.pollMs | int | quote }}
{{- include "instant-swap.env.nodes" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ") "for" "refunds") }}
{{- end }}

{{/*
Webhooks (D12): WEBHOOK_SECRETS_KEY is the notifier's own, never the gateway's SECRETS_KEY (and
WEBHOOK_SECRETS_OLD_KEY for one upgrade); PUBLIC_URL the gateway's, as the swap orders sent carry
its status-page links. HOSTNAME names the replica on the bus.
*/}}
{{- define "instant-swap.env.notifier" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
{{- with include "instant-swap.webhookSecretsKeySecret" .root }}
{{- include "instant-swap.secretEnv" (list "WEBHOOK_SECRETS_KEY" .) }}
{{- end }}
{{- with include "instant-swap.webhookSecretsOldKeySecret" .root }}
{{- include "instant-swap.secretEnv" (list "WEBHOOK_SECRETS_OLD_KEY" .) }}
{{- end }}
{{- with .root.Values.gateway.publicUrl }}
- name: PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
- name: WEBHOOK_ALLOW_PRIVATE
  value: {{ $s.allowPrivateWebhooks | default false | toString | quote }}
- name: WEBHOOK_CONCURRENCY
  value: {{ $s.concurrency | int | quote }}
- name: WEBHOOK_PER_KEY_CONCURRENCY
  value: {{ $s.perKeyConcurrency | int | quote }}
- name: WEBHOOK_RETENTION_DAYS
  value: {{ $s.retentionDays | int | quote }}
{{- end }}

{{/* Each network's hot wallet is address 0 of its account: the devnet funds it at genesis. */}}
{{- define "instant-swap.env.devnet" }}
{{- $s := .c.settings }}
{{- include "instant-swap.env.hostname" . }}
{{- include "instant-swap.env.database" . }}
- name: DEVNET_BLOCK_SECONDS
  value: {{ $s.blockSeconds | toString | quote }}
{{- range $code := include "instant-swap.currencyCodes" .root | splitList " " }}
{{- with index ($s.funding | default dict) $code }}
- name: DEVNET_FUND_{{ $code }}
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- include "instant-swap.env.networks" (dict "root" .root "networks" (include "instant-swap.networks" .root | splitList " ") "chains" false) }}
{{- end }}
