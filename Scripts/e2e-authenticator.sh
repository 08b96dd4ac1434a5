#!/usr/bin/env bash
# Runs the browser end-to-end suite of the Authenticator app
# (Examples/Authenticator/E2E) against a built `authenticator-web` binary, in
# headless Chromium driven by Selenium, with codes checked against pyotp and
# a leak scan of every response, event-stream message and server log line.
#
# Installs what is missing: Chromium and its driver (Debian packages),
# Selenium, pyotp and cryptography (pip). The suite starts and stops its own
# servers, each on a free loopback port with a fresh vault.
#
# Usage: Scripts/e2e-authenticator.sh [--install-only]
# Environment:
#   AUTHENTICATOR_WEB_BIN  the server binary (default Examples/Authenticator/.build/debug/authenticator-web)
#   AUTHENTICATOR_TEST_SCRATCH  the build of the Authenticator tests, which replay a session the
#                  suite saves as a test (default: the binary's, built with --build-tests if it lacks them)
#   E2E_ARTIFACTS          where screenshots go (default Examples/Authenticator/E2E/artifacts)
set -euo pipefail
source "$(dirname "$0")/lib.sh"

step "Chromium, its driver, Selenium, pyotp and cryptography"
ensure_browser_suite_tools "pyotp=pyotp>=2.9" "cryptography=cryptography>=41"
[ "${1:-}" = "--install-only" ] && exit 0

step "The authenticator-web binary"
AUTHENTICATOR_WEB_BIN=$(resolve_binary AUTHENTICATOR_WEB_BIN Examples/Authenticator/.build/debug/authenticator-web "cd Examples/Authenticator && swift build --product authenticator-web")
export AUTHENTICATOR_WEB_BIN
echo "$AUTHENTICATOR_WEB_BIN"

step "The Authenticator tests (a session saved as a test is replayed by them)"
AUTHENTICATOR_TEST_SCRATCH=${AUTHENTICATOR_TEST_SCRATCH:-$(test_build_of "$AUTHENTICATOR_WEB_BIN" "$KEEL_ROOT/Examples/Authenticator" AuthenticatorPackageTests.xctest)}
export AUTHENTICATOR_TEST_SCRATCH
echo "$AUTHENTICATOR_TEST_SCRATCH"

step "Browser end-to-end suite"
cd "$KEEL_ROOT/Examples/Authenticator/E2E"
start=$(date +%s)
"$KEEL_PYTHON" -m unittest -v test_authenticator
echo "The browser suite passed in $(( $(date +%s) - start )) s."
