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

{{/* An image of the chart: (list $ "api") */}}
{{- define "sportify.image" -}}
{{- $ := index . 0 -}}
{{- printf "%s/%s:%s" $.Values.image.registry (index $.Values.image.names (index . 1)) ($.Values.image.tag | default $.Chart.AppVersion) -}}
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
