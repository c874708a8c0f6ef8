#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs (as root, or through sudo).
#   install_deps.sh build   - what building the library and the example needs
#   install_deps.sh test    - plus what the test command needs
#   install_deps.sh bench   - plus what the benchmark needs
#   install_deps.sh python  - plus what installing the Python package needs
set -euo pipefail
want=(cmake make g++ pkg-config libhwy-dev)
case "${1:-build}" in
  build) ;;
  test) want+=(ninja-build clang libclang-rt-14-dev clang-format libgtest-dev python3-torch
    python3-numpy python3-pytest python3-torchvision python3-venv python3-pip python3-wheel
    python3-setuptools) ;;
  python) want+=(python3-torch python3-numpy python3-venv python3-pip python3-wheel
    python3-setuptools) ;;
  bench) want+=(libbenchmark-dev python3-torch python3-numpy python3-pil python3-matplotlib) ;;
  *) echo "usage: $0 build|test|bench|python" >&2; exit 2 ;;
esac
missing=()
for p in "${want[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
