#!/usr/bin/env bash
# Installs what hetile needs to build and test on Debian 12, and nothing more.
# Idempotent: packages already present are not touched.
set -euo pipefail

PKGS=(
  clang-19 llvm-19-dev libclang-19-dev llvm-19-tools libpolly-19-dev
  libomp-19-dev libopenmpi-dev openmpi-bin libgtest-dev
  cmake ninja-build zlib1g-dev libzstd-dev python3
  pkgconf ccache
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
