#!/usr/bin/env bash
# Starts the Chromium the tests drive (CHROMIUM_PATH, or Debian's) with every --disable-features it is given merged into
# one: Chromium keeps only the last, so the tests' own list would otherwise replace the one Playwright passes first.
set -euo pipefail
disabled=()
others=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled+=("${arg#--disable-features=}") ;;
    *) others+=("$arg") ;;
  esac
done
if [ ${#disabled[@]} -gt 0 ]; then
  others+=("--disable-features=$(IFS=,; echo "${disabled[*]}")")
fi
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${others[@]}"
