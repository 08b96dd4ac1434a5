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
#   COUNTRIES_TEST_SCRATCH  the build of the Countries tests, which replay a session the suite
#                  saves as a test (default: the binary's, built with --build-tests if it lacks them)
#   E2E_ARTIFACTS  where screenshots go (default Examples/Countries/E2E/artifacts)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

install_only=0
[ "${1:-}" = "--install-only" ] && install_only=1

step "Chromium, its driver and Selenium"
ensure_browser_suite_tools
[ $install_only -eq 1 ] && exit 0

step "The countries binary"
COUNTRIES_BIN=$(resolve_binary COUNTRIES_BIN Examples/Countries/.build/debug/countries "cd Examples/Countries && swift build --product countries")
export COUNTRIES_BIN
echo "$COUNTRIES_BIN"

step "The Countries tests (a session saved as a test is replayed by them)"
COUNTRIES_TEST_SCRATCH=${COUNTRIES_TEST_SCRATCH:-$(test_build_of "$COUNTRIES_BIN" "$KEEL_ROOT/Examples/Countries" CountriesPackageTests.xctest)}
export COUNTRIES_TEST_SCRATCH
echo "$COUNTRIES_TEST_SCRATCH"

step "Browser end-to-end suite"
cd "$KEEL_ROOT/Examples/Countries/E2E"
start=$(date +%s)
"$KEEL_PYTHON" -m unittest -v test_countries
echo "The browser suite passed in $(( $(date +%s) - start )) s."
