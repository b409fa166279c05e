#!/usr/bin/env bash
# Installs what Horizon needs on Debian 12, only what is missing. Idempotent and non-interactive.
# Usage: tools/install-deps.sh [--no-npm]
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libboost-dev libboost-program-options-dev
  libcereal-dev libzstd-dev zlib1g-dev libssl-dev ca-certificates
  openssl  # the online-mode integration test decrypts AES-CFB8 with the openssl command
  librapidcheck-dev libabsl-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev
  python3 python3-matplotlib
  nodejs npm
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# Node/npm may come from outside apt (e.g. a preinstalled toolchain); accept any working one.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
clean=()
for p in "${missing[@]}"; do [ -n "$p" ] && clean+=("$p"); done

if [ ${#clean[@]} -gt 0 ]; then
  echo "install-deps: installing ${clean[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${clean[@]}"
else
  echo "install-deps: all Debian packages present"
fi

here="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" != "--no-npm" ]; then
  for dir in tests/conformance tools/datagen; do
    if [ -f "$here/$dir/package-lock.json" ] && [ ! -d "$here/$dir/node_modules" ]; then
      echo "install-deps: npm ci in $dir"
      (cd "$here/$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
  done
fi
