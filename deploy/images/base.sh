#!/usr/bin/env bash
# Base images made from Debian packages only, for machines that cannot pull the pinned ones (deploy/images/base-images.env):
#   deploy/images/base.sh    ->  localhost/sportify-node:build (nodejs, npm) and localhost/sportify-node:runtime
#                                (nodejs only, at /nodejs/bin/node as in the distroless image, no apt or dpkg tools)
#   NODE_IMAGE=localhost/sportify-node:build RUNTIME_IMAGE=localhost/sportify-node:runtime deploy/images/build.sh
# Debian 13's nodejs is the 20 line Debian maintains, not the Node.js LTS of the pinned images: for testing the images
# (npm run test:images), not for a deployment. Needs root, debootstrap and podman.
set -euo pipefail
make() { # name, packages, then what to strip
  local name="$1" packages="$2" root
  root="$(mktemp -d)"
  debootstrap --variant=minbase --include="$packages" trixie "$root" http://deb.debian.org/debian
  chroot "$root" apt-get clean
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*
  mkdir -p "$root/nodejs/bin" && ln -s /usr/bin/node "$root/nodejs/bin/node"
  if [ "$name" = localhost/sportify-node:runtime ]; then
    # No package manager at run time (the package list stays, for image scanners).
    rm -f "$root"/usr/bin/apt* "$root"/usr/bin/dpkg* "$root"/usr/lib/apt -r
  fi
  tar -C "$root" -c . | podman import --change 'ENTRYPOINT ["/nodejs/bin/node"]' - "$name"
  rm -rf "$root"
}
make localhost/sportify-node:build nodejs,npm,ca-certificates
make localhost/sportify-node:runtime nodejs,ca-certificates
