# Shared pieces of the CI scripts: timed steps, installs and the build checks.
# Sourced by .ci/run and the other .ci scripts; defines functions only.

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

CI_TIMINGS=()

# step NAME COMMAND...: runs COMMAND, prints its wall time, and remembers it for the summary.
step() {
    local name=$1
    shift
    local start=$SECONDS
    echo "=== ${name}"
    "$@"
    local took=$((SECONDS - start))
    echo "=== ${name}: ${took} s"
    CI_TIMINGS+=("$(printf '%-28s %5d s' "$name" "$took")")
}

summary() {
    echo "=== timings"
    printf '%s\n' "${CI_TIMINGS[@]}"
    echo "total $SECONDS s"
    [ -n "${CI_PASSED_LINE:-}" ] && echo "$CI_PASSED_LINE"
    return 0
}

# apt_install PACKAGE...: installs the Debian packages that are missing, updating the lists once.
apt_install() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    export DEBIAN_FRONTEND=noninteractive
    if [ -z "${CI_APT_UPDATED:-}" ]; then
        as_root apt-get update -qq
        CI_APT_UPDATED=1
    fi
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_tools() {
    apt_install tshark socat dbus-daemon
    python3 -m pip install -q --disable-pip-version-check bumble==0.0.236
}

# install_rootcanal: Android's Root Canal and the Debian 13 libraries it runs on (.ci/rootcanal; idempotent).
install_rootcanal() {
    bash .ci/rootcanal
}

# start_installs: installs what the tests and the VM suite need (mostly downloads) in the background, beside the
# build, which needs none of it; wait_installs waits for them, prints their log and adds their times to the summary.
start_installs() {
    CI_INSTALLS_LOG=$(mktemp)
    (step "install tools" install_tools && step "install rootcanal" install_rootcanal &&
        step "install vm packages" bash .ci/vm/install.sh) >"$CI_INSTALLS_LOG" 2>&1 &
    CI_INSTALLS=$!
}

wait_installs() {
    local status=0 line
    wait "$CI_INSTALLS" || status=$?
    cat "$CI_INSTALLS_LOG"
    while IFS= read -r line; do
        [[ "$line" =~ ^===\ (.*):\ ([0-9]+)\ s$ ]] &&
            CI_TIMINGS+=("$(printf '%-28s %5d s' "  ${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}")")
    done <"$CI_INSTALLS_LOG"
    rm -f "$CI_INSTALLS_LOG"
    return "$status"
}

ci_build() {
    swift build 2>&1 | tee /tmp/ci-build.log
    if grep -q "warning:" /tmp/ci-build.log; then
        echo "swift build produced warnings" >&2
        return 1
    fi
}

ci_format() {
    if swift format --version >/dev/null 2>&1; then
        swift format lint --strict -r Sources Tests Examples Package.swift
    fi
}

ci_test() {
    # The tests must keep nothing in the user's home: a bond store written there is a test without its own directory.
    local home_store="$HOME/.local/share/bluetooth" marker
    marker=$(mktemp)
    swift test 2>&1 | tee /tmp/ci-test.log
    if [ -d "$home_store" ] && [ -n "$(find "$home_store" -newer "$marker" -print -quit)" ]; then
        echo "swift test wrote into $home_store:" >&2
        find "$home_store" -newer "$marker" >&2
        rm -f "$marker"
        return 1
    fi
    rm -f "$marker"
    local passed
    passed=$(sed -n 's/.*Test run with \([0-9]*\) tests.* passed.*/\1/p' /tmp/ci-test.log | tail -n 1)
    CI_PASSED_LINE="${passed:-0} passed, 0 failed"
    echo "$CI_PASSED_LINE"
}

# start_background NAME COMMAND...: runs COMMAND in the background at the lowest priority, logging into
# .build-logs/NAME.log, so it takes only the CPU the steps beside it leave idle (the VM suite's guest leaves most of a
# core); wait_background NAME waits for it and prints the end of its log (all of it when it failed).
declare -A CI_BACKGROUND=()
start_background() {
    local name=$1
    shift
    mkdir -p .build-logs
    nice -n 19 "$@" >".build-logs/$name.log" 2>&1 &
    CI_BACKGROUND[$name]=$!
}

wait_background() {
    local name=$1 status=0
    wait "${CI_BACKGROUND[$name]}" || status=$?
    tail -n 1 ".build-logs/$name.log"
    [ "$status" -eq 0 ] || { tail -n 40 ".build-logs/$name.log"; return "$status"; }
}

start_background_builds() {
    start_background tsan-build bash .ci/sanitize thread --build
    start_background asan-build bash .ci/sanitize address --build
    start_background fuzz-build bash .ci/fuzz --build
}
