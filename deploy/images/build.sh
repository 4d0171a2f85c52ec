#!/usr/bin/env bash
# Builds the images, tagged with the release version (package version, commit, build id, as `npm run release`
# names releases): deploy/images/build.sh [api] [page-server] [tools] [auth-emulator]   (default: api and page-server)
#   REGISTRY (default localhost/sportify), BUILD_ID (default the time), CONTAINER (podman or docker; default podman
#   when present), BUILD_FLAGS (more build flags, split on spaces: e.g. volumes giving npm a proxy's CA,
#   "-v /etc/ssl/certs/ca-certificates.crt:/run/ca.crt:ro -v ./ca.npmrc:/root/.npmrc:ro").
#   The base images come pinned by digest from deploy/images/base-images.env; NODE_IMAGE and RUNTIME_IMAGE override
#   them with full references (name@sha256:..., or a localhost/ image of deploy/images/base.sh). A tag alone is refused.
# Prints the tag; install the chart with --set image.tag=<it>.
set -euo pipefail
cd "$(dirname "$0")/../.."
node_override="${NODE_IMAGE:-}"
runtime_override="${RUNTIME_IMAGE:-}"
# shellcheck disable=SC1091
. deploy/images/base-images.env
pinned() { # name, digest, override: the reference to build from, or a refusal naming what to fill
  local name="$1" digest="$2" override="$3"
  if [ -n "$override" ]; then
    case "$override" in
      *@sha256:*|localhost/*) echo "$override"; return ;;
      *) echo "refused: $override is not pinned by digest (name@sha256:...)" >&2; return 1 ;;
    esac
  fi
  if [ -z "$digest" ]; then
    echo "refused: no digest for $name in deploy/images/base-images.env (fill it: skopeo inspect --format '{{.Digest}}' docker://$name)" >&2
    return 1
  fi
  echo "$name@$digest"
}
node_image="$(pinned "$NODE_IMAGE" "$NODE_DIGEST" "$node_override")"
runtime_image="$(pinned "$RUNTIME_IMAGE" "$RUNTIME_DIGEST" "$runtime_override")"
registry="${REGISTRY:-localhost/sportify}"
engine="${CONTAINER:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}"
commit="$(git rev-parse --short=7 HEAD 2>/dev/null || echo nocommit)"
version="$(node -p "require('./package.json').version")-${commit}.${BUILD_ID:-$(date -u +%Y%m%d%H%M%S)}"
[ "$#" -gt 0 ] || set -- api page-server
for image in "$@"; do
  [ "$image" != tools ] || mkdir -p staged-releases
  # Docker format keeps the images' HEALTHCHECK (the OCI format has none).
  format=()
  [ "$engine" != podman ] || format=(--format docker)
  # shellcheck disable=SC2086
  "$engine" build "${format[@]}" --build-arg "NODE_IMAGE=$node_image" --build-arg "RUNTIME_IMAGE=$runtime_image" \
    ${BUILD_FLAGS:-} -f "deploy/images/$image.Containerfile" -t "$registry/$image:$version" .
done
echo "$version"
