{{- define "sportify.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "sportify.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: (list $ "api") */}}
{{- define "sportify.selector" -}}
app.kubernetes.io/name: {{ (index . 0).Chart.Name }}
app.kubernetes.io/instance: {{ (index . 0).Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* An image of the chart: (list $ "api"): by digest when image.digests has one, else by tag. */}}
{{- define "sportify.image" -}}
{{- $ := index . 0 -}}
{{- $name := index . 1 -}}
{{- $digest := index ($.Values.image.digests | default dict) $name | default "" -}}
{{- if $digest -}}
{{- printf "%s/%s@%s" $.Values.image.registry (index $.Values.image.names $name) $digest -}}
{{- else -}}
{{- printf "%s/%s:%s" $.Values.image.registry (index $.Values.image.names $name) ($.Values.image.tag | default $.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/*
  Where a component's pods run (list $ "api"): spread over zones and nodes by default (ScheduleAnyway: a small
  cluster still schedules them), plus the values' node selector, affinity, tolerations, priority class and pull
  secrets.
*/}}
{{- define "sportify.scheduling" -}}
{{- $ := index . 0 -}}
{{- $component := index . 1 -}}
{{- $s := $.Values.scheduling -}}
{{- with $.Values.image.pullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
{{- with $s.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with $s.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $s.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $s.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if $s.topologySpread }}
topologySpreadConstraints:
  {{- range $key := list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
  - maxSkew: 1
    topologyKey: {{ $key }}
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "sportify.selector" (list $ $component) | nindent 8 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* The API's environment: its Deployment and the Jobs that run its commands (database setup, bootstrap admins). */}}
{{- define "sportify.apiEnv" -}}
{{- $origins := list (printf "%s://%s" .Values.site.scheme .Values.site.host) }}
{{- range $pkg, $r := .Values.remotes.packages }}{{ $origins = append $origins $r.origin }}{{ end }}
- { name: PORT, value: {{ .Values.api.port | quote }} }
- { name: SITE_URL, value: {{ printf "%s://%s" .Values.site.scheme .Values.site.host | quote }} }
- { name: ASSET_BASE_URL, value: {{ printf "%s://%s" .Values.site.scheme .Values.site.host | quote }} }
- { name: CORS_ORIGINS, value: {{ join "," $origins | quote }} }
{{- if .Values.developmentMode }}
- { name: FIREBASE_AUTH_EMULATOR_HOST, value: {{ printf "%s-auth-emulator:9099" (include "sportify.fullname" .) | quote }} }
{{- end }}
{{- include "sportify.plainEnv" (list . .Values.apiEnv) }}
{{- include "sportify.secretEnv" (list . .Values.api.secretKeys) }}
{{- end -}}

{{- define "sportify.secretName" -}}
{{- .Values.existingSecret | default (printf "%s-settings" (include "sportify.fullname" .)) -}}
{{- end -}}

{{/* The pod-level security context every workload runs with: never root. */}}
{{- define "sportify.podSecurity" -}}
runAsNonRoot: true
runAsUser: {{ .Values.securityContext.runAsUser }}
runAsGroup: {{ .Values.securityContext.runAsUser }}
fsGroup: {{ .Values.securityContext.runAsUser }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "sportify.containerSecurity" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end -}}

{{/* Environment from the shared Secret: (list $ .Values.api.secretKeys) */}}
{{- define "sportify.secretEnv" -}}
{{- $ := index . 0 -}}
{{- range index . 1 }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ include "sportify.secretName" $ }}
      key: {{ . }}
{{- end }}
{{- end -}}

{{/* Plain settings: (list $ .Values.apiEnv), in name order (required-settings.yaml refuses an empty one). */}}
{{- define "sportify.plainEnv" -}}
{{- $ := index . 0 -}}
{{- if $.Values.developmentMode }}
- name: SPORTIFY_DEV_MODE
  value: "1"
{{- end }}
{{- range $name, $value := index . 1 }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The browser's runtime config (config.json): API URL, Firebase, Stripe, each remote's manifest on its origin. */}}
{{- define "sportify.runtimeConfig" -}}
{{- $remotes := dict -}}
{{- range $pkg, $r := .Values.remotes.packages -}}
{{- $_ := set $remotes $r.federation (printf "%s/mf-manifest.json" $r.origin) -}}
{{- end -}}
{{- $firebase := dict "apiKey" .Values.firebase.apiKey "authDomain" .Values.firebase.authDomain "projectId" .Values.firebase.projectId -}}
{{- if .Values.firebase.authEmulatorUrl }}{{ $_ := set $firebase "authEmulatorUrl" .Values.firebase.authEmulatorUrl }}{{ end -}}
{{- dict "apiUrl" .Values.site.publicApiUrl "firebase" $firebase "stripePublishableKey" .Values.stripePublishableKey "remotes" $remotes | toJson -}}
{{- end -}}

{{- define "sportify.releasesClaim" -}}
{{- .Values.releases.existingClaim | default (printf "%s-releases" (include "sportify.fullname" .)) -}}
{{- end -}}

{{/* A NetworkPolicy's rule that lets the monitoring namespace's scrapers (and only them) reach the metrics port. */}}
{{- define "sportify.scrapers" -}}
{{- if .Values.metrics.enabled }}
- from:
    - namespaceSelector:
        matchLabels:
          kubernetes.io/metadata.name: {{ .Values.metrics.scraperNamespace }}
      {{- with .Values.metrics.scraperPodLabels }}
      podSelector:
        matchLabels:
          {{- toYaml . | nindent 10 }}
      {{- end }}
  ports:
    - { port: {{ .Values.metrics.port }}, protocol: TCP }
{{- end }}
{{- end -}}
