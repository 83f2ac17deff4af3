#!/usr/bin/env bash
# Installs the Debian packages given as arguments that are not installed yet (apt-get update
# first, one retry), using sudo when not root. Prints what it does; does nothing if all are there.
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || { sleep 5; $sudo apt-get update -qq; $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
