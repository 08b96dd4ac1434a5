#!/usr/bin/env bash
# Runs the browser end-to-end suite of the Countries app (Examples/Countries/E2E)
# against a built `countries` binary, in headless Chromium driven by Selenium.
#
# Installs what is missing: Chromium and its driver (Debian packages, with
# fonts for the flags and the Korean names in the screenshots) and Selenium
# (pip). The suite starts and stops its own servers, one per test, each on a
# free loopback port with a fresh data directory.
#
# Usage: Scripts/e2e-countries.sh [--install-only]
# Environment:
#   COUNTRIES_BIN  the server binary (default Examples/Countries/.build/debug/countries)
#   E2E_ARTIFACTS  where screenshots go (default Examples/Countries/E2E/artifacts)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

install_only=0
[ "${1:-}" = "--install-only" ] && install_only=1

# apt-get with one retry: mirrors and locks fail now and then.
apt_retry() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@" && return 0
    echo "apt-get $1 failed; retrying once in 5 s…" >&2
    sleep 5
    as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

install_debian_packages() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 \
        || fail "Chromium is needed: install the packages ${missing[*]} (no apt-get on this machine to do it)"
    echo "Installing Debian packages: ${missing[*]}"
    apt_retry update -qq \
        || fail "apt-get update failed twice: cannot install ${missing[*]} (network or mirror problem?)"
    apt_retry install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || fail "apt-get could not install ${missing[*]}"
}

step "Chromium, its driver and Selenium"
# fonts-noto-color-emoji and fonts-noto-cjk only make the screenshots show flags and Hangul.
install_debian_packages chromium chromium-driver fonts-noto-color-emoji fonts-noto-cjk
command -v chromium >/dev/null 2>&1 || fail "chromium is installed but not on the PATH"
[ -x /usr/bin/chromedriver ] || fail "/usr/bin/chromedriver is missing (Debian package chromium-driver)"
command -v python3 >/dev/null 2>&1 || fail "python3 is needed to run the suite"
if ! python3 -c 'import selenium, sys; sys.exit(int(selenium.__version__.split(".")[0]) < 4)' 2>/dev/null; then
    echo "Installing Selenium with pip"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'selenium>=4.20' \
        || python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'selenium>=4.20' \
        || fail "pip could not install selenium>=4.20 (is PyPI reachable?)"
fi
chromium --version
/usr/bin/chromedriver --version
python3 -c 'import selenium; print("Selenium", selenium.__version__)'
[ $install_only -eq 1 ] && exit 0

step "The countries binary"
bin=${COUNTRIES_BIN:-Examples/Countries/.build/debug/countries}
case $bin in /*) ;; *) [ -e "$bin" ] || bin="$KEEL_ROOT/$bin" ;; esac
[ -x "$bin" ] || fail "no countries binary at $bin: build it first (cd Examples/Countries && swift build --product countries), or set COUNTRIES_BIN"
COUNTRIES_BIN=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
export COUNTRIES_BIN
echo "$COUNTRIES_BIN"

step "Browser end-to-end suite"
cd "$KEEL_ROOT/Examples/Countries/E2E"
start=$(date +%s)
python3 -m unittest -v test_countries
echo "The browser suite passed in $(( $(date +%s) - start )) s."
