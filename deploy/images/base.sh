#!/usr/bin/env bash
# A Node.js 20 base image made from Debian packages only (debootstrap of Debian 13, nodejs and npm), for machines
# that cannot pull docker.io/library/node: deploy/images/base.sh [name] (default localhost/sportify-node:20), then
# NODE_IMAGE=localhost/sportify-node:20 deploy/images/build.sh. Needs root, debootstrap and podman.
set -euo pipefail
name="${1:-localhost/sportify-node:20}"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=nodejs,npm,ca-certificates trixie "$root" http://deb.debian.org/debian
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*
tar -C "$root" -c . | podman import --change 'CMD ["node"]' - "$name"
