#!/usr/bin/env bash
# Builds the images, tagged with the release version (package version, commit, build id, as `npm run release`
# names releases): deploy/images/build.sh [api] [page-server] [tools]   (default: api and page-server)
#   REGISTRY (default localhost/sportify), BUILD_ID (default the time), NODE_IMAGE (the base, default node:20 slim),
#   CONTAINER (podman or docker; default podman when present), BUILD_FLAGS (more build flags, split on spaces: e.g.
#   volumes giving npm a proxy's CA, "-v /etc/ssl/certs/ca-certificates.crt:/run/ca.crt:ro -v ./ca.npmrc:/root/.npmrc:ro").
# Prints the tag; install the chart with --set image.tag=<it>.
set -euo pipefail
cd "$(dirname "$0")/../.."
registry="${REGISTRY:-localhost/sportify}"
engine="${CONTAINER:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}"
commit="$(git rev-parse --short=7 HEAD 2>/dev/null || echo nocommit)"
version="$(node -p "require('./package.json').version")-${commit}.${BUILD_ID:-$(date -u +%Y%m%d%H%M%S)}"
base=()
[ -n "${NODE_IMAGE:-}" ] && base=(--build-arg "NODE_IMAGE=$NODE_IMAGE")
[ "$#" -gt 0 ] || set -- api page-server
for image in "$@"; do
  [ "$image" != tools ] || mkdir -p staged-releases
  # Docker format keeps the images' HEALTHCHECK (the OCI format has none).
  format=()
  [ "$engine" != podman ] || format=(--format docker)
  # shellcheck disable=SC2086
  "$engine" build "${format[@]}" "${base[@]}" ${BUILD_FLAGS:-} -f "deploy/images/$image.Containerfile" \
    -t "$registry/$image:$version" .
done
echo "$version"
