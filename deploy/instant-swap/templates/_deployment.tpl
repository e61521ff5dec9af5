{{/*
The one Deployment every component uses. Takes (dict "root" $ "c" $component), a component
from "instant-swap.collectComponents".
*/}}
{{- define "instant-swap.deployment" -}}
{{- $root := .root }}
{{- $c := .c }}
{{- $s := $c.settings }}
{{- $labels := dict "root" $root "component" $c.name }}
{{- include "instant-swap.checkComponent" . }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "instant-swap.resourceName" (list $root $c.name) }}
  labels:
    {{- include "instant-swap.labels" $labels | nindent 4 }}
spec:
  {{- if not $s.autoscaling.enabled }}
  replicas: {{ $s.replicas | int }}
  {{- end }}
  revisionHistoryLimit: {{ $root.Values.revisionHistoryLimit | int }}
  {{- with $s.strategy }}
  strategy:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "instant-swap.selectorLabels" $labels | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "instant-swap.selectorLabels" $labels | nindent 8 }}
        {{- with merge (dict) ($s.podLabels | default dict) ($root.Values.podLabels | default dict) }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        {{- /* Rolls the pods when a Secret this chart manages changes (not for existing Secrets). */}}
        checksum/secrets: {{ include "instant-swap.secretsChecksum" . }}
        {{- with merge (dict) ($s.podAnnotations | default dict) ($root.Values.podAnnotations | default dict) }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "instant-swap.serviceAccountName" $root }}
      # No service calls the Kubernetes API: no token in the pod.
      automountServiceAccountToken: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $s.terminationGracePeriodSeconds | int }}
      {{- with $s.podSecurityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ $c.app }}
          image: {{ include "instant-swap.image" (dict "root" $root "settings" $s) | quote }}
          imagePullPolicy: {{ ($s.image | default dict).pullPolicy | default $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $root.Values.containerPort | int }}
              protocol: TCP
          env:
            {{- include "instant-swap.env.common" . | trim | nindent 12 }}
            {{- with include (printf "instant-swap.env.%s" $c.app) . | trim }}
            {{- . | nindent 12 }}
            {{- end }}
            {{- with concat ($root.Values.extraEnv | default list) ($s.extraEnv | default list) }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          {{- with concat ($root.Values.extraEnvFrom | default list) ($s.extraEnvFrom | default list) }}
          envFrom:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with $s.probes.startup }}
          startupProbe:
            httpGet:
              path: /livez
              port: http
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with $s.probes.liveness }}
          livenessProbe:
            httpGet:
              path: /livez
              port: http
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with $s.probes.readiness }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- if gt (int $s.preStopSleepSeconds) 0 }}
          lifecycle:
            # Keeps serving while the endpoint is removed from Services and Ingresses, then SIGTERM.
            preStop:
              exec:
                command: ["sleep", {{ $s.preStopSleepSeconds | int | quote }}]
          {{- end }}
          {{- with $s.resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- with $s.securityContext }}
          securityContext:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          {{- $mounts := include "instant-swap.volumeMounts" . | trim }}
          {{- if $mounts }}
          volumeMounts:
            {{- $mounts | nindent 12 }}
          {{- end }}
      {{- $volumes := include "instant-swap.volumes" . | trim }}
      {{- if $volumes }}
      volumes:
        {{- $volumes | nindent 8 }}
      {{- end }}
      {{- with $s.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- range . }}
        {{- $constraint := deepCopy . }}
        {{- if not $constraint.labelSelector }}
        {{- $_ := set $constraint "labelSelector" (dict "matchLabels" (include "instant-swap.selectorLabels" $labels | fromYaml)) }}
        {{- end }}
        - {{ toYaml $constraint | nindent 10 | trim }}
        {{- end }}
      {{- end }}
{{- end }}

{{/*
Volumes: a writable /tmp on a read-only root, the bus identity's seed (its own only) and NATS's CA,
the treasury's mnemonic, the operator's extras.
*/}}
{{- define "instant-swap.volumes" }}
{{- $s := .c.settings }}
{{- if $s.tmpDir.enabled }}
- name: tmp
  emptyDir:
    sizeLimit: {{ $s.tmpDir.sizeLimit }}
{{- end }}
{{- $seed := include "instant-swap.busSeedSecret" (list .root .c.app) }}
{{- $ca := include "instant-swap.busCa" .root }}
{{- if or $seed $ca }}
- name: bus
  projected:
    # Group-readable: the files are root-owned with the pod's fsGroup as their group.
    defaultMode: 0440
    sources:
      {{- with $seed }}
      - secret:
          name: {{ . }}
          items:
            - key: {{ $.root.Values.bus.seedSecretKey }}
              path: {{ $.c.app }}.nk
      {{- end }}
      {{- with $.root.Values.bus.tls }}
      {{- if $ca }}
      - {{ ternary "secret" "configMap" (ne .caSecret "") }}:
          name: {{ .caSecret | default .caConfigMap }}
          items:
            - key: {{ .caKey }}
              path: ca.crt
      {{- end }}
      {{- end }}
{{- end }}
{{- if eq .c.app "treasury" }}
{{- with include "instant-swap.mnemonicSecret" .root }}
{{- if $s.mnemonic.mountAsFile }}
{{- $ref := fromJson . }}
- name: treasury-mnemonic
  secret:
    secretName: {{ $ref.name }}
    # Group-readable: the secret's files are root-owned with the pod's fsGroup as their group.
    defaultMode: 0440
    items:
      - key: {{ $ref.key }}
        path: mnemonic
{{- end }}
{{- end }}
{{- end }}
{{- with $s.extraVolumes }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{- define "instant-swap.volumeMounts" }}
{{- $s := .c.settings }}
{{- if $s.tmpDir.enabled }}
- name: tmp
  mountPath: /tmp
{{- end }}
{{- if or (include "instant-swap.busSeedSecret" (list .root .c.app)) (include "instant-swap.busCa" .root) }}
- name: bus
  mountPath: {{ include "instant-swap.busMountPath" . }}
  readOnly: true
{{- end }}
{{- if eq .c.app "treasury" }}
{{- if and (include "instant-swap.mnemonicSecret" .root) $s.mnemonic.mountAsFile }}
- name: treasury-mnemonic
  mountPath: {{ $s.mnemonic.mountPath }}
  readOnly: true
{{- end }}
{{- end }}
{{- with $s.extraVolumeMounts }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* sha256 of the chart-managed secret values this component reads, so a change rolls its pods. */}}
{{- define "instant-swap.secretsChecksum" -}}
{{- $v := .root.Values }}
{{- $used := list }}
{{- with (index $v (ternary "watchers" .c.app (eq .c.app "watcher"))).database }}
{{- $used = append $used .url }}
{{- end }}
{{- if has .c.app (list "engine" "treasury" "devnet") }}
{{- $used = append $used (include "instant-swap.accountKeyValues" .root) }}
{{- end }}
{{- if eq .c.app "watcher" }}
{{- $used = append $used (index $v.networks (lower .c.network) | default dict).xpub }}
{{- end }}
{{- if eq .c.app "gateway" }}
{{- $used = append $used $v.gateway.secretsKey.value }}
{{- end }}
{{- if eq .c.app "notifier" }}
{{- $used = append $used $v.notifier.webhookSecretsKey.value }}
{{- end }}
{{- if eq .c.app "treasury" }}
{{- $used = append $used $v.treasury.mnemonic.value }}
{{- end }}
{{- /* Node URLs (and keys, passwords): the treasury and refunds read every network's, a watcher its own. */}}
{{- range $network := include "instant-swap.networks" .root | splitList " " }}
{{- if or (has $.c.app (list "treasury" "refunds")) (and (eq $.c.app "watcher") (eq $.c.network $network)) }}
{{- $config := index $v.networks (lower $network) | default dict }}
{{- $used = append $used ($config.node | default dict | toJson) }}
{{- if and (eq $network "XMR") (ne $.c.app "refunds") }}
{{- $used = append $used (index $config (printf "%sWallet" (ternary "watcher" "treasury" (eq $.c.app "watcher"))) | default dict | toJson) }}
{{- end }}
{{- end }}
{{- end }}
{{- toJson $used | sha256sum }}
{{- end }}

{{/*
Refuses settings that would break the services' guarantees rather than render them:
singletons at more than one replica, an autoscaler with no target, and a grace period the
shutdown does not fit in.
*/}}
{{- define "instant-swap.checkComponent" -}}
{{- $s := .c.settings }}
{{- if .c.singleton }}
{{- if or (gt (int $s.replicas) 1) $s.autoscaling.enabled }}
{{- fail (printf "%s must run as a single replica (see its comment in values.yaml): set %s.replicas to 1 or 0 and leave autoscaling off" .c.name .c.name) }}
{{- end }}
{{- end }}
{{- if and $s.autoscaling.enabled (not (or $s.autoscaling.targetCPUUtilizationPercentage $s.autoscaling.targetMemoryUtilizationPercentage)) }}
{{- fail (printf "%s.autoscaling needs targetCPUUtilizationPercentage or targetMemoryUtilizationPercentage" .c.name) }}
{{- end }}
{{- $needed := add (int $s.preStopSleepSeconds) 10 }}
{{- if le (int $s.terminationGracePeriodSeconds) $needed }}
{{- fail (printf "%s: terminationGracePeriodSeconds (%d) must exceed preStopSleepSeconds + the services' 10 s shutdown timeout (%d)" .c.name (int $s.terminationGracePeriodSeconds) $needed) }}
{{- end }}
{{- end }}
