# Shared helpers of the Keel scripts. Source it; do not run it.

# The repository root.
KEEL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export KEEL_ROOT

# The scratch folder of the test builds of KeelWeb and of both apps' (each
# with code coverage): they share more than a hundred dependency modules
# (SwiftNIO, Hummingbird, AsyncHTTPClient, GRDB…), built once instead of three
# times. Each package's own `.build` stays for what a developer runs by hand.
KEEL_TEST_SCRATCH=${KEEL_TEST_SCRATCH:-"$KEEL_ROOT/.build-test"}
export KEEL_TEST_SCRATCH

# Prints a step's title, after the time the previous step of this script took.
step() {
    local now
    now=$(date +%s)
    [ -n "${KEEL_STEP_BEGAN:-}" ] && printf '(%d s)\n' $((now - KEEL_STEP_BEGAN))
    KEEL_STEP_BEGAN=$now
    printf '\n\033[1m== %s\033[0m\n' "$*"
}
fail() { printf '\033[31mFAILED: %s\033[0m\n' "$*" >&2; exit 1; }

# Runs a command as root when needed (CI containers run as root; developer machines have sudo).
as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else fail "need root to run: $* (install it yourself, or run as root)"; fi
}

# apt-get with one retry: mirrors and locks fail now and then.
apt_retry() {
    as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@" && return 0
    echo "apt-get $1 failed; retrying once in 5 s…" >&2
    sleep 5
    as_root env DEBIAN_FRONTEND=noninteractive apt-get "$@"
}

# Installs the Debian packages named, those missing only.
ensure_debian_packages() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || fail "missing packages ${missing[*]} and no apt-get to install them"
    echo "Installing Debian packages: ${missing[*]}"
    apt_retry update -qq \
        || fail "apt-get update failed twice: cannot install ${missing[*]} (network or mirror problem?)"
    apt_retry install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || fail "apt-get could not install ${missing[*]}"
}

# The Python the scripts run: a virtual environment in .build-python, made on
# first use, so that pip installs there and never into the system's Python
# (which Debian and Ubuntu refuse: "externally-managed-environment").
KEEL_PYTHON="$KEEL_ROOT/.build-python/bin/python"
export KEEL_PYTHON

# Makes the virtual environment of KEEL_PYTHON if it is missing (installing
# python3 and python3-venv when needed), then installs in it the packages
# named as `module=requirement` (for example `pyotp=pyotp>=2.9`) that it lacks.
ensure_python() {
    if [ ! -x "$KEEL_PYTHON" ]; then
        command -v python3 >/dev/null 2>&1 || ensure_debian_packages python3
        # Debian's python3 has no venv (ensurepip) without python3-venv.
        python3 -c 'import ensurepip, venv' 2>/dev/null || ensure_debian_packages python3-venv
        echo "Making a Python virtual environment in .build-python"
        python3 -m venv "$KEEL_ROOT/.build-python" \
            || fail "python3 -m venv could not make .build-python (is python3-venv installed?)"
    fi
    local module requirement
    for entry in "$@"; do
        module=${entry%%=*} requirement=${entry#*=}
        "$KEEL_PYTHON" -c "import $module" 2>/dev/null && continue
        echo "Installing $requirement with pip (in .build-python)"
        "$KEEL_PYTHON" -m pip install --quiet --disable-pip-version-check "$requirement" \
            || "$KEEL_PYTHON" -m pip install --quiet --disable-pip-version-check "$requirement" \
            || fail "pip could not install $requirement (is PyPI reachable?)"
    done
}

# Installs what a browser suite needs, those missing only: Chromium and its
# driver (Debian packages, with fonts for flags and Hangul in screenshots),
# and, in KEEL_PYTHON's environment, Selenium and the Python packages named
# as `module=requirement`.
ensure_browser_suite_tools() {
    ensure_debian_packages chromium chromium-driver fonts-noto-color-emoji fonts-noto-cjk
    command -v chromium >/dev/null 2>&1 || fail "chromium is installed but not on the PATH"
    [ -x /usr/bin/chromedriver ] || fail "/usr/bin/chromedriver is missing (Debian package chromium-driver)"
    ensure_python "selenium=selenium>=4.20" "$@"
    "$KEEL_PYTHON" -c 'import selenium, sys; sys.exit(int(selenium.__version__.split(".")[0]) < 4)' \
        || fail "Selenium 4 or later is needed"
    # axe-core, for the accessibility checks: the script axe-playwright-python
    # ships (axe.min.js); its Python code and Playwright are neither used nor installed.
    if ! "$KEEL_PYTHON" -c 'import importlib.util, sys; sys.exit(importlib.util.find_spec("axe_playwright_python") is None)'; then
        echo "Installing axe-core (axe-playwright-python's axe.min.js) with pip (in .build-python)"
        "$KEEL_PYTHON" -m pip install --quiet --disable-pip-version-check --no-deps "axe-playwright-python==0.1.8" \
            || fail "pip could not install axe-playwright-python (is PyPI reachable?)"
    fi
    chromium --version
    /usr/bin/chromedriver --version
    "$KEEL_PYTHON" -c 'import selenium; print("Selenium", selenium.__version__)'
}

# Prints the absolute path of the executable `$VARIABLE` names (or DEFAULT,
# relative to the repository root), or fails saying how to build it.
# Usage: resolve_binary VARIABLE DEFAULT HOW_TO_BUILD
resolve_binary() {
    local bin=${!1:-$2}
    case $bin in /*) ;; *) [ -e "$bin" ] || bin="$KEEL_ROOT/$bin" ;; esac
    [ -x "$bin" ] || fail "no executable at $bin: build it first ($3), or set $1"
    echo "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
}

# Prints the build folder (scratch path) BINARY comes from (<scratch>/debug/<binary>), after
# building the tests of PACKAGE there if BUNDLE (its .xctest) is missing: a browser suite
# replays the session it saved as a test with those tests.
# Usage: test_build_of BINARY PACKAGE BUNDLE
test_build_of() {
    local scratch
    scratch=$(cd "$(dirname "$1")/.." && pwd)
    if [ ! -e "$scratch/debug/$3" ]; then
        (cd "$2" && swift build --build-tests --scratch-path "$scratch") >&2
    fi
    echo "$scratch"
}

# Fails when a build log holds a compiler warning in one of our own source files.
# Usage: check_warnings LOG PATH_PREFIX…
check_warnings() {
    local log=$1; shift
    local found=0
    for prefix in "$@"; do
        if grep -E "^${prefix}[^:]*\.swift:[0-9]+:[0-9]+: warning:" "$log" | grep -v '/\.build' | sort -u | grep .; then
            found=1
        fi
    done
    [ $found -eq 0 ] || fail "compiler warnings in our code (see above)"
    echo "No compiler warnings in our code."
}

# Prints the line coverage of the files under SOURCE_DIR and fails below MINIMUM percent.
# Usage: check_coverage BUILD_DIR TEST_BINARY SOURCE_DIR MINIMUM LABEL
check_coverage() {
    local build_dir=$1 binary=$2 source_dir=$3 minimum=$4 label=$5
    check_coverage_of "$source_dir" "$minimum" "$label" "$build_dir/debug/codecov/default.profdata" "$binary"
}

# Fails when the line coverage of SOURCE_DIR by the union of several test
# binaries, each with its profile, is below MINIMUM percent.
# Usage: check_coverage_of SOURCE_DIR MINIMUM LABEL PROFDATA BINARY [PROFDATA BINARY]…
check_coverage_of() {
    local source_dir=$1 minimum=$2 label=$3
    shift 3
    # The toolchain's llvm-cov and llvm-profdata read the toolchain's profiles;
    # a system one of another LLVM version may not.
    local tools llvm_cov llvm_profdata
    tools="$(dirname "$(readlink -f "$(command -v swift)")")"
    llvm_cov="$tools/llvm-cov"
    llvm_profdata="$tools/llvm-profdata"
    [ -x "$llvm_cov" ] || llvm_cov=$(command -v llvm-cov) || fail "no llvm-cov next to swift nor on PATH"
    local profiles=() objects=()
    while [ $# -ge 2 ]; do
        [ -f "$1" ] || fail "no coverage profile at $1 for $label"
        profiles+=("$1")
        objects+=("${objects[@]:+-object}" "$2")
        shift 2
    done
    local profile=${profiles[0]}
    if [ ${#profiles[@]} -gt 1 ]; then
        [ -x "$llvm_profdata" ] || llvm_profdata=$(command -v llvm-profdata) || fail "no llvm-profdata next to swift nor on PATH"
        profile=$(mktemp --suffix=.profdata)
        "$llvm_profdata" merge -o "$profile" "${profiles[@]}" || fail "llvm-profdata could not merge the profiles of $label"
    fi
    local report
    report=$("$llvm_cov" report "${objects[@]}" -instr-profile="$profile" \
        -ignore-filename-regex='(\.build|Tests|Benchmarks)/' "$source_dir") \
        || fail "llvm-cov could not report the coverage of $label"
    local figure
    figure=$(echo "$report" | awk '/^TOTAL/ { print $(NF-3) }' | tr -d '%')
    [ -n "$figure" ] || fail "no coverage figure for $label"
    printf 'Line coverage of %s: %s%% (minimum %s%%)\n' "$label" "$figure" "$minimum"
    awk -v value="$figure" -v minimum="$minimum" 'BEGIN { exit !(value + 0 >= minimum + 0) }' \
        || fail "line coverage of $label is below $minimum%"
}
