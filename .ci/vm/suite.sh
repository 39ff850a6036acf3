#!/usr/bin/env bash
# The VM suite: our stack against the Linux kernel's Bluetooth and BlueZ, in a QEMU guest (TCG).
#
# One `bluetooth sim` on the host (127.0.0.1; the guest reaches it as 10.0.2.2) is the air. In the guest,
# `bluetooth vhci --connect` makes hci0 a controller on that air and bluetoothd drives it; on the host,
# our `bluetooth serve` and `bluetooth explore` use controllers of the same sim. Each scenario prints
# PASS or FAIL; the suite fails if any failed. Skips, saying so, when QEMU can neither use KVM nor TCG.
set -uo pipefail
cd "$(dirname "$0")/../.."
source .ci/vm/vm.sh

bash .ci/vm/install.sh || exit 1
if ! qemu-system-x86_64 -accel help 2>/dev/null | grep -qE '^(tcg|kvm)$'; then
    echo "vm suite: SKIPPED: QEMU has neither TCG nor KVM here"
    exit 0
fi

swift build --product bluetooth >/dev/null || exit 1
BIN=$(swift build --show-bin-path)/bluetooth
GUEST_LIB=$VM_REPO/.ci/vm/guest-lib.sh
FIXTURES=$VM_REPO/.ci/vm/fixtures
SELECTED=("$@")
HOST_PIDS=()
RESULTS=()
FAILED=0

cleanup() {
    for pid in "${HOST_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    vm_stop
}
trap cleanup EXIT

# start_host NAME COMMAND...: runs a host process in the background, logging into VM_DIR/NAME.log.
start_host() {
    local name=$1
    shift
    "$@" >"$VM_DIR/$name.log" 2>&1 &
    HOST_PIDS+=($!)
}

# suite.sh [LETTER...]: only the scenarios named (a to h, m to u); all without arguments.
selected() { [ ${#SELECTED[@]} -eq 0 ] || [[ " ${SELECTED[*]} " == *" $1 "* ]]; }

# scenario NAME FUNCTION: runs one scenario and records PASS or FAIL with its time.
scenario() {
    local name=$1 function=$2 start=$SECONDS
    selected "${name%%.*}" || return 0
    echo "--- $name"
    if "$function"; then
        RESULTS+=("PASS  $name ($((SECONDS - start)) s)")
    else
        RESULTS+=("FAIL  $name ($((SECONDS - start)) s)")
        FAILED=1
    fi
    echo "--- $name: ${RESULTS[-1]%% *}"
}

# guest LIMIT SCRIPT: runs SCRIPT in the guest with the guest helpers loaded.
guest() {
    vm_run "$1" "source $GUEST_LIB; set -e; $2"
}

# smp_summary_is CAPTURE EXPECTED: the guest's btmon capture CAPTURE (VM_DIR/cmd/CAPTURE.btsnoop), summarised by
# smp-summary.py, begins with EXPECTED.
smp_summary_is() {
    local summary
    summary=$(python3 "$VM_REPO/.ci/vm/smp-summary.py" "$VM_DIR/cmd/$1.btsnoop") || return 1
    echo "hci0 capture: $summary"
    [[ "$summary" == "$2"* ]]
}

# print_diagnostics NAME: what the guest's diagnostics NAME (diagnostics_start in guest-lib.sh) saw, for a failed
# scenario: the capture's links, pairing, ATT PDUs and bluetoothd's log lines, then the method calls, replies and
# errors between bluetoothd and the other clients of the system bus (the bus's own left out), all with the guest's times.
print_diagnostics() {
    [ -e "$VM_DIR/cmd/$1.dbus" ] || { echo "no diagnostics $1: the guest did not stop them"; return; }
    echo "guest's capture $1 (btmon, with bluetoothd's debug log):"
    python3 "$VM_REPO/.ci/vm/capture-timeline.py" "$VM_DIR/cmd/$1.btsnoop"
    echo "guest's system bus, $1 (dbus-monitor):"
    grep -E '^(method call|method return|error)' "$VM_DIR/cmd/$1.dbus" | grep -vE '(sender|destination)=org\.freedesktop\.DBus '
}

# same_number_shown WHO LOG OTHER OTHER_LOG: both pairing agents' logs show the same Numeric Comparison number.
same_number_shown() {
    local ours theirs
    ours=$(grep -oE 'number [0-9]{6}' "$2" 2>/dev/null | head -n 1)
    theirs=$(grep -oE 'number [0-9]{6}' "$4" 2>/dev/null | head -n 1)
    echo "$1: ${ours:-nothing}; $3: ${theirs:-nothing}"
    [ -n "$ours" ] && [ "$ours" = "$theirs" ]
}

mkdir -p "$VM_DIR"
# A timed air: advertisers are heard at their advertising events, as on a real radio. On the instant air a new
# scan heard every advertiser within a millisecond of the scan's enabling, before the kernel had marked its
# discovery as running; it dropped those reports, and with duplicate filtering on the controller sent no others
# until bluetoothd restarted discovery 10 s later (docs/development/bluez.md).
start_host sim "$BIN" sim --listen 127.0.0.1:0 --air timed
for _ in $(seq 100); do
    PORT=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$VM_DIR/sim.log")
    [ -n "$PORT" ] && break
    sleep 0.1
done
[ -n "${PORT:-}" ] || { echo "vm suite: the sim did not start"; cat "$VM_DIR/sim.log"; exit 1; }
HOST_TRANSPORT=tcp:127.0.0.1:$PORT
start_host serve "$BIN" serve "$FIXTURES/thermometer.json" --transport "$HOST_TRANSPORT"

vm_start || exit 1
guest 60 "
    setsid $BIN vhci --connect tcp:10.0.2.2:$PORT >/run/vm/vhci.log 2>&1 &
    wait_until 30 hciconfig hci0
    start_bluetoothd
    bluetoothctl show | grep -E 'Controller|Powered'
" || { echo "vm suite: could not bring up hci0 with bluetoothd"; cat "$VM_DIR/cmd/vhci.log"; exit 1; }

# a. BlueZ central (bluetoothctl on bluetoothd) against our `bluetooth serve` on the host.
bluez_central_uses_our_peripheral() {
    guest 180 "
        ctl_start
        ctl_scan_for VMThermometer 30
        ctl \"connect \$ADDRESS\"
        ctl_wait 'ServicesResolved: yes' 40
        ctl 'menu gatt'
        ctl 'list-attributes'
        ctl_wait '00002a21-0000-1000-8000-00805f9b34fb' 10
        ctl 'select-attribute 00002a21-0000-1000-8000-00805f9b34fb'
        ctl 'read'
        ctl_wait '[[:space:]]0a 00 {3,}' 20
        ctl 'write \"0x0b 0x00\"'
        ctl_wait 'Attempting to write' 10
        ctl 'read'
        ctl_wait '[[:space:]]0b 00 {3,}' 20
        ctl 'select-attribute 00002a1c-0000-1000-8000-00805f9b34fb'
        ctl 'notify on'
        ctl_wait '[[:space:]]00 e8 03 00 00 {3,}' 20
        ctl_wait '[[:space:]]00 e9 03 00 00 {3,}' 20
        ctl 'notify off'
        ctl_wait 'Notify stopped' 10
        ctl 'back'
        ctl \"disconnect \$ADDRESS\"
        ctl_wait 'Connected: no' 20
        ctl \"remove \$ADDRESS\"
        ctl_wait 'Device has been removed' 20
        ctl_stop
    "
}

# b. our `bluetooth explore` on the host against bluetoothd's own GATT server, advertising through mgmt.
our_explore_reads_bluez_peripheral() {
    guest 60 "
        mgmt_advertise BlueZGATT
    " || return 1
    local tree
    tree=$(timeout 90 "$BIN" explore BlueZGATT --json --transport "$HOST_TRANSPORT") || {
        echo "explore failed"
        return 1
    }
    echo "$tree"
    local ok=0
    grep -q '"uuid" *: *"1800"' <<<"$tree" || ok=1
    grep -q '"uuid" *: *"180A"' <<<"$tree" || ok=1
    grep -q '"uuid" *: *"2A50"' <<<"$tree" || ok=1
    guest 30 "mgmt clr-adv || true" >/dev/null
    return $ok
}

# c. our host stack in the guest on the kernel's HCI user channel (bluetoothd stopped, hci0 down).
our_user_channel_reaches_host_peripheral() {
    guest 150 "
        stop_bluetoothd
        hciconfig hci0 down
        timeout 40 $BIN scan --transport hci0 --duration 5 | tee /tmp/scan.txt
        grep -q VMThermometer /tmp/scan.txt
        timeout 60 $BIN explore VMThermometer --json --transport hci0 | tee /tmp/tree.json
        grep -q '\"2A21\"' /tmp/tree.json
        start_bluetoothd
    "
}

# d. BlueZ central pairs with our serve (LE Secure Connections, Just Works: both sides NoInputNoOutput), bonds,
# reads the encryption-required characteristic, and on reconnecting encrypts with the stored key, no new pairing.
bluez_pairs_and_bonds_with_our_peripheral() {
    guest 240 "
        capture_start bond
        ctl_start
        ctl_agent NoInputNoOutput
        ctl_scan_for VMThermometer 30
        ctl \"pair \$ADDRESS\"
        ctl_wait 'Pairing successful' 40
        ctl \"info \$ADDRESS\"
        ctl_wait 'Bonded: yes' 10
        ctl_bonded_reads 00002a1d-0000-1000-8000-00805f9b34fb 02
        ctl_stop
        capture_stop bond
    " || return 1
    smp_summary_is bond "1 pairing requests, 2 public keys, 1 pairing confirms, 2 start encryption commands,"
}

# f. BlueZ central pairs with our serve by LE Secure Connections Passkey Entry: our side (display-only) shows the
# passkey, bluetoothctl's KeyboardOnly agent types it; the bond then re-encrypts a new connection with no pairing.
bluez_enters_our_passkey() {
    # An identity and bond store of its own: with the default ones it would share the thermometer's identity,
    # and BlueZ would take the two for one device, spoiling d's bond for m.
    XDG_DATA_HOME="$VM_DIR/passkey-bonds" start_host cmd/serve-passkey "$BIN" serve "$FIXTURES/passkey.json" \
        --io-capability display-only --address C0:11:22:33:44:5B --transport "$HOST_TRANSPORT"
    local serve=${HOST_PIDS[-1]} log=/run/vm/serve-passkey.log ok=0
    guest 240 "
        capture_start passkey
        ctl_start
        ctl_agent KeyboardOnly
        ctl_scan_for VMPasskey 30
        ctl \"pair \$ADDRESS\"
        ctl_wait 'Enter passkey' 40
        wait_until 10 grep -qE 'passkey [0-9]{6}' $log
        PASSKEY=\$(grep -oE 'passkey [0-9]{6}' $log | tail -n 1 | cut -d' ' -f2)
        echo \"our serve shows passkey \$PASSKEY\"
        ctl \"\$PASSKEY\"
        ctl_wait 'Pairing successful' 40
        ctl_bonded_reads 00002a19-0000-1000-8000-00805f9b34fb 5a
        ctl_stop
        capture_stop passkey
    " || ok=1
    kill "$serve"
    [ $ok -eq 0 ] || return 1
    smp_summary_is passkey "1 pairing requests, 2 public keys, 40 pairing confirms, 2 start encryption commands,"
}

# g. our central pairs with a BlueZ peripheral whose characteristic needs encryption: bluetoothctl registers a
# GATT application with an encrypt-read characteristic and the adapter advertises; our `read` gets Insufficient
# Encryption and pairs by Numeric Comparison (both sides KeyboardDisplay; both agents confirm), then reads; a
# second `read` (same identity, same bond store) re-encrypts from the bond on both sides: the guest's capture then
# holds one pairing and two LTK replies. (With a Just Works bond the kernel's Security Request on reconnection asks
# for MITM, and our central pairs again, which the kernel refuses: see docs/development/bluez.md.)
our_central_pairs_with_bluez_peripheral() {
    rm -f "$VM_DIR/cmd/secure.ready" "$VM_DIR/cmd/secure.done"
    (
        for _ in $(seq 600); do [ -e "$VM_DIR/cmd/secure.ready" ] && break; sleep 0.1; done
        for run in 1 2; do
            XDG_DATA_HOME="$VM_DIR/bonds" timeout 90 "$BIN" read BlueZSec FFF1 --address C0:11:22:33:44:5A \
                --io-capability keyboard-display --timeout 30 --transport "$HOST_TRANSPORT" \
                >"$VM_DIR/secure-read$run.out" 2>"$VM_DIR/secure-read$run.log"
        done
        touch "$VM_DIR/cmd/secure.done"
    ) &
    local reads=$!
    guest 240 "
        capture_start secure
        ctl_start
        ctl_agent KeyboardDisplay
        ctl 'menu gatt'
        ctl 'register-service 0xFFF0'
        ctl_wait 'Primary' 10
        ctl 'yes'
        ctl 'register-characteristic 0xFFF1 encrypt-read'
        ctl_wait 'Enter value' 10
        ctl '0x42'
        ctl 'register-application'
        ctl_wait 'Application registered' 10
        ctl 'back'
        mgmt_advertise BlueZSec
        touch /run/vm/secure.ready
        for _ in \$(seq 1200); do
            [ -e /run/vm/secure.done ] && break
            if ctl_seen 'Confirm passkey|Accept pairing|Authorize'; then ctl 'yes'; fi
            sleep 0.2
        done
        mgmt clr-adv || true
        ctl 'devices Paired'
        ctl_wait 'Device [0-9A-F:]+' 10
        ADDRESS=\$(ctl_output | grep -oE 'Device [0-9A-F:]+' | head -n 1 | cut -d' ' -f2)
        ctl \"remove \$ADDRESS\"
        ctl_wait 'Device has been removed' 20
        ctl_stop
        capture_stop secure
    "
    local ok=$?
    wait "$reads"
    for run in 1 2; do
        echo "our read $run: $(cat "$VM_DIR/secure-read$run.out" 2>/dev/null)"
        [ "$(cat "$VM_DIR/secure-read$run.out" 2>/dev/null)" = "42" ] || ok=1
    done
    [ $ok -eq 0 ] || return 1
    smp_summary_is secure "1 pairing requests, 2 public keys, 1 pairing confirms, 0 start encryption commands, 2 key"
}

# h. an app's CBCentralManager (the Swift test BlueZPeripheralTests, built by `swift build --build-tests`) scans
# for bluetoothd's GATT server, connects, discovers, reads and subscribes; the test must have run, not been skipped.
our_central_manager_explores_bluez() {
    guest 60 "
        mgmt_advertise BlueZApp
    " || return 1
    local output ok=0
    output=$(BLUEZ_VM_TRANSPORT=$HOST_TRANSPORT BLUEZ_VM_PERIPHERAL=BlueZApp timeout 300 \
        swift test --skip-build --filter BlueZPeripheralTests 2>&1)
    ok=$?
    grep -E 'BlueZ|Test run' <<<"$output"
    grep -q 'Test "scans for bluetoothd.*passed' <<<"$output" || ok=1
    guest 30 "mgmt clr-adv || true" >/dev/null
    return $ok
}

# e. an LE credit-based channel between our `bluetooth l2cap` on the host and the kernel's L2CAP: l2test in the
# guest listens on PSM 128 (advertising through mgmt), sends one 16-byte frame (sequence number 0, its length,
# then 0x7f bytes) and dumps what it receives; our side sends five bytes and must receive that frame. The guest
# closes the channel (stops l2test and the child it accepted with) once l2test has printed our bytes: the
# kernel's socket reports a close by the peer as the end of the stream even ahead of data it has not handed to
# l2test yet (docs/development/bluez.md), so our side waits for that close (--until-peer-closes) instead of closing first.
our_l2cap_channel_with_kernel() {
    guest 60 "
        capture_start l2cap
        setsid stdbuf -oL l2test -x -N 1 -b 16 -V le_public -P 128 >/tmp/l2test.log 2>&1 &
        echo \$! >/tmp/l2test.pid
        mgmt_advertise BlueZL2CAP
    " || return 1
    timeout 90 "$BIN" l2cap BlueZL2CAP 128 --send 48656c6c6f --receive 16 --until-peer-closes \
        --transport "$HOST_TRANSPORT" --btsnoop "$VM_DIR/l2cap-host.btsnoop" >"$VM_DIR/l2cap.out" &
    local ours=$! ok=0
    guest 120 "
        wait_until 90 grep -qi '48 65 6c 6c 6f' /tmp/l2test.log || true
        mgmt clr-adv || true
        kill -- -\$(cat /tmp/l2test.pid) || true
        capture_stop l2cap
        cat /tmp/l2test.log
        grep -qi '48 65 6c 6c 6f' /tmp/l2test.log
    " || ok=1
    wait "$ours" || ok=1
    echo "our side received: $(cat "$VM_DIR/l2cap.out")"
    [ "$(cat "$VM_DIR/l2cap.out")" = "000000001000$(printf '7f%.0s' $(seq 10))" ] || ok=1
    return $ok
}

# m. our explore in the guest, on bluetoothd over D-Bus (--transport bluez), explores our serve on the host: scans,
# connects, discovers every service, characteristic and descriptor, and reads every readable value, the
# encryption-required 2A1D too: bluetoothd pairs for it (Just Works), asking our explore's agent (NoInputNoOutput,
# registered as bluetoothd's default agent), which accepts. bluetoothd then forgets the device, so that d pairs afresh.
our_explore_on_bluez_reads_host_peripheral() {
    guest 150 "
        capture_start explore-bluez
        timeout 120 $BIN explore VMThermometer --json --transport bluez --timeout 30 \
            --io-capability no-input-no-output | tee /tmp/bluez-tree.json
        remove_devices
        capture_stop explore-bluez
        grep -q '\"2A21\"' /tmp/bluez-tree.json
        grep -qE '\"0[ab]00\"' /tmp/bluez-tree.json
        grep -q '\"2901\"' /tmp/bluez-tree.json
        python3 -c '
import json
tree = json.load(open(\"/tmp/bluez-tree.json\"))
values = {c[\"uuid\"]: c[\"value\"] for s in tree[\"services\"] for c in s[\"characteristics\"]}
print(\"2A1D (encryption required):\", values.get(\"2A1D\"))
assert values.get(\"2A1D\") == \"02\"
'
    "
}

# n. our read, write and subscribe in the guest, on bluetoothd over D-Bus, against our serve on the host: a write
# with response is read back and two notifications arrive. 2A21 is written back to its initial value for the other
# scenarios. On failure, the guest's diagnostics show what bluetoothd did (it crashed here once: docs/bluez-backend.md).
our_operations_on_bluez_reach_host_peripheral() {
    local ok=0
    guest 240 "
        diagnostics_start operations
        timeout 90 $BIN write VMThermometer 2A21 0c00 --transport bluez --timeout 30
        test \"\$(timeout 90 $BIN read VMThermometer 2A21 --transport bluez --timeout 30)\" = 0c00
        timeout 90 $BIN write VMThermometer 2A21 0a00 --transport bluez --timeout 30
        timeout 90 $BIN subscribe VMThermometer 2A1C --count 2 --transport bluez --timeout 30 | tee /tmp/bluez-notify.txt
        kill -0 \$(cat /run/bluetoothd.pid) || { echo 'bluetoothd is gone'; false; }
        remove_devices
        grep -q 00e8030000 /tmp/bluez-notify.txt
        grep -q 00e9030000 /tmp/bluez-notify.txt
    " || ok=1
    guest 30 "diagnostics_stop operations" >/dev/null || ok=1
    [ $ok -eq 0 ] || print_diagnostics operations
    return $ok
}

# o. the CoreBluetooth contract tests that apply to a central, on bluetoothd in the guest, against our serve on
# the host (BlueZContractTests; the test binary is built by `swift build --build-tests` beforehand).
contract_tests_on_bluez() {
    local tests
    tests=$(swift build --show-bin-path)/CoreBluetoothLinuxPackageTests.xctest
    [ -x "$tests" ] || { echo "no $tests: run swift build --build-tests first"; return 1; }
    guest 400 "
        BLUETOOTH_BLUEZ_CONTRACT=VMThermometer timeout 370 $tests --testing-library swift-testing \\
            --filter BlueZContractTests 2>&1 | tee /tmp/bluez-contract.txt
        remove_devices
        grep -q 'Suite \"CoreBluetooth contract on bluetoothd.*passed' /tmp/bluez-contract.txt
    "
}

# q. our read in the guest, on bluetoothd over D-Bus, pairs by LE Secure Connections Numeric Comparison with our
# serve on the host: the characteristic needs encryption, bluetoothd pairs and asks our read's agent
# (KeyboardDisplay, bluetoothd's default agent) to confirm the number (RequestConfirmation); the host's serve
# (DisplayYesNo) confirms too. Both sides must have shown the same six digits, and the read must return the value.
our_agent_on_bluez_confirms_numeric_comparison() {
    XDG_DATA_HOME="$VM_DIR/numeric-bonds" start_host cmd/serve-numeric "$BIN" serve "$FIXTURES/passkey.json" \
        --io-capability display-yes-no --address C0:11:22:33:44:5C --transport "$HOST_TRANSPORT"
    local serve=${HOST_PIDS[-1]} ok=0
    guest 150 "
        capture_start numeric
        timeout 120 $BIN read VMPasskey 2A19 --transport bluez --timeout 60 --io-capability keyboard-display \
            >/tmp/numeric.out 2>/run/vm/numeric.log || echo 'our read failed'
        cat /run/vm/numeric.log
        remove_devices
        capture_stop numeric
        test \"\$(cat /tmp/numeric.out)\" = 5a
    " || ok=1
    kill "$serve"
    same_number_shown "our agent on bluetoothd" "$VM_DIR/cmd/numeric.log" \
        "our serve on the host" "$VM_DIR/cmd/serve-numeric.log" || ok=1
    return $ok
}

# r. the reverse of q, for the peripheral manager: our serve in the guest, on bluetoothd over D-Bus, with an agent
# (DisplayYesNo, bluetoothd's default agent), serves the encryption-required characteristic; our read on the host
# (KeyboardDisplay) pairs by Numeric Comparison, and bluetoothd asks the serve's agent to confirm the number. Both
# sides must have shown the same six digits, and the read must return the value.
our_serve_agent_on_bluez_confirms_numeric_comparison() {
    guest 30 "
        diagnostics_start serve-numeric
        setsid $BIN serve $FIXTURES/passkey.json --transport bluez --io-capability display-yes-no \
            >/run/vm/bluez-serve-numeric.log 2>&1 &
        echo \$! >/tmp/bluez-serve-numeric.pid
    " || return 1
    local value ok=0
    value=$(XDG_DATA_HOME="$VM_DIR/serve-numeric-bonds" timeout 90 "$BIN" read VMPasskey 2A19 \
        --io-capability keyboard-display --address C0:11:22:33:44:5D --timeout 60 --transport "$HOST_TRANSPORT" \
        2>"$VM_DIR/read-numeric.log")
    echo "our read on the host: ${value:-nothing}"
    [ "$value" = 5a ] || ok=1
    guest 30 "
        kill \$(cat /tmp/bluez-serve-numeric.pid) || true
        cat /run/vm/bluez-serve-numeric.log
        diagnostics_stop serve-numeric
        remove_devices
    " || ok=1
    same_number_shown "our serve's agent on bluetoothd" "$VM_DIR/cmd/bluez-serve-numeric.log" \
        "our read on the host" "$VM_DIR/read-numeric.log" || ok=1
    if [ $ok -ne 0 ]; then
        echo "our read on the host printed:"
        cat "$VM_DIR/read-numeric.log"
        print_diagnostics serve-numeric
    fi
    return $ok
}

# s. our subscribe and write --without-response in the guest, on bluetoothd over D-Bus, against our serve on the host:
# bluetoothd offers AcquireNotify and AcquireWrite for the characteristics (notify; write without response), so the
# notifications arrive on the socket AcquireNotify hands over and the write goes out on AcquireWrite's. dbus-monitor
# in the guest shows which GattCharacteristic1 methods our processes called: the Acquire ones, and neither
# StartNotify nor WriteValue. The serve on the host must have received the value written.
our_acquired_sockets_on_bluez_reach_host_peripheral() {
    start_host cmd/serve-acquire "$BIN" serve "$FIXTURES/acquire.json" --address C0:11:22:33:44:5E \
        --transport "$HOST_TRANSPORT"
    local serve=${HOST_PIDS[-1]} ok=0
    guest 240 "
        setsid dbus-monitor --system \"type='method_call',interface='org.bluez.GattCharacteristic1'\" \
            >/tmp/acquire-calls.txt 2>&1 &
        echo \$! >/tmp/acquire-monitor.pid
        wait_until 10 test -s /tmp/acquire-calls.txt || echo 'dbus-monitor printed nothing yet'
        timeout 90 $BIN subscribe VMAcquire 2A37 --count 3 --transport bluez --timeout 30 | tee /tmp/acquire-notify.txt
        timeout 90 $BIN write VMAcquire 2A39 5a --without-response --transport bluez --timeout 30
        kill \$(cat /tmp/acquire-monitor.pid)
        remove_devices
        grep -oE 'member=[A-Za-z]+' /tmp/acquire-calls.txt | sort | uniq -c
        test \$(grep -cE '000[1-5]' /tmp/acquire-notify.txt) -ge 3
        grep -q member=AcquireNotify /tmp/acquire-calls.txt
        grep -q member=AcquireWrite /tmp/acquire-calls.txt
        ! grep -qE 'member=(StartNotify|WriteValue)' /tmp/acquire-calls.txt
    " || ok=1
    for _ in $(seq 100); do
        grep -q 'wrote 2A39 = 5a' "$VM_DIR/cmd/serve-acquire.log" && break
        sleep 0.1
    done
    grep 'wrote 2A39' "$VM_DIR/cmd/serve-acquire.log" || { echo "our serve on the host received no write"; ok=1; }
    kill "$serve"
    return $ok
}

# streams_split GUEST_ROLE NAME: nothing lost with one side on each backend. SplitStreamTests (in the test binary
# `swift build --build-tests` built) runs as GUEST_ROLE (central or peripheral) in the guest on bluetoothd and as
# the other role on the host on our stack: the central writes one value with response and 1,000 without (20 bytes
# each, numbered), reads back the peripheral's tally (all 1,001 whole and in order, before the read), then takes
# 1,000 notifications, which must arrive whole and in order. Both halves must pass; on failure the guest's capture
# shows what crossed hci0 (no debug log: bluetoothd's, on, slows it enough to change what is measured).
streams_split() {
    local guest_role=$1 name=$2 host_role=central tests ok=0
    [ "$guest_role" = central ] && host_role=peripheral
    tests=$(swift build --show-bin-path)/CoreBluetoothLinuxPackageTests.xctest
    [ -x "$tests" ] || { echo "no $tests: run swift build --build-tests first"; return 1; }
    guest 30 "
        capture_start stream-$guest_role
        BLUETOOTH_STREAM_ROLE=$guest_role BLUETOOTH_STREAM_TRANSPORT=bluez BLUETOOTH_STREAM_NAME=$name \\
            setsid timeout 330 $tests --testing-library swift-testing --filter SplitStreamTests \\
            >/run/vm/stream-$guest_role.log 2>&1 &
        echo \$! >/tmp/stream.pid
    " || return 1
    BLUETOOTH_STREAM_ROLE=$host_role BLUETOOTH_STREAM_TRANSPORT=$HOST_TRANSPORT BLUETOOTH_STREAM_NAME=$name \
        timeout 330 "$tests" --testing-library swift-testing --filter SplitStreamTests \
        >"$VM_DIR/stream-$host_role.log" 2>&1 || ok=1
    guest 360 "
        while kill -0 \$(cat /tmp/stream.pid) 2>/dev/null; do sleep 0.5; done
        remove_devices
    " || ok=1
    guest 30 "capture_stop stream-$guest_role" >/dev/null || ok=1
    for side in "host's $host_role:$VM_DIR/stream-$host_role.log" "guest's $guest_role:$VM_DIR/cmd/stream-$guest_role.log"; do
        echo "${side%%:*} (SplitStreamTests):"
        grep -E 'Test .*(passed|failed)|Expectation failed|recorded an issue' "${side#*:}" || cat "${side#*:}"
        grep -qE 'Test "(central|peripheral): .* passed' "${side#*:}" || ok=1
    done
    [ $ok -eq 0 ] || python3 "$VM_REPO/.ci/vm/capture-timeline.py" "$VM_DIR/cmd/stream-$guest_role.btsnoop" | tail -n 60
    return $ok
}

# t. our peripheral manager on bluetoothd in the guest, our central on the host's stack: streams_split.
streams_peripheral_on_bluez() { streams_split peripheral VMStrP; }

# u. our central manager on bluetoothd in the guest, our peripheral manager on the host's stack: streams_split.
streams_central_on_bluez() { streams_split central VMStrC; }

# p. our serve in the guest, on bluetoothd over D-Bus (--transport bluez: a GattManager1 application and an
# LEAdvertisingManager1 advertisement), used from the host by our stack on the sim: explore (the tree, a dynamic
# value, a cached value and a descriptor), write then read back, and two notifications.
our_serve_on_bluez_used_from_host() {
    guest 30 "
        setsid $BIN serve $FIXTURES/bluez-serve.json --transport bluez >/run/vm/bluez-serve.log 2>&1 &
        echo \$! >/tmp/bluez-serve.pid
    " || return 1
    local tree notified ok=0
    tree=$(timeout 90 "$BIN" explore VMBlueZServe --json --transport "$HOST_TRANSPORT" --timeout 60) || ok=1
    echo "$tree"
    grep -q '"2A6E"' <<<"$tree" || ok=1
    grep -q '"0a00"' <<<"$tree" || ok=1
    grep -q "\"$(printf CoreBluetooth | od -An -tx1 | tr -d ' \n')\"" <<<"$tree" || ok=1
    grep -q '"2901"' <<<"$tree" || ok=1
    timeout 60 "$BIN" write VMBlueZServe 2A21 0c00 --transport "$HOST_TRANSPORT" --timeout 30 || ok=1
    [ "$(timeout 60 "$BIN" read VMBlueZServe 2A21 --transport "$HOST_TRANSPORT" --timeout 30)" = 0c00 ] || ok=1
    notified=$(timeout 60 "$BIN" subscribe VMBlueZServe 2A6E --count 2 --transport "$HOST_TRANSPORT" --timeout 30)
    echo "$notified"
    grep -q e803 <<<"$notified" || ok=1
    grep -q e903 <<<"$notified" || ok=1
    guest 30 "
        kill \$(cat /tmp/bluez-serve.pid) || true
        cat /run/vm/bluez-serve.log
    " || ok=1
    return $ok
}

scenario "a. BlueZ central reads, writes and subscribes to our serve" bluez_central_uses_our_peripheral
scenario "b. our explore on the host explores a BlueZ peripheral" our_explore_reads_bluez_peripheral
scenario "d. BlueZ central pairs (LE Secure Connections), bonds and re-encrypts with our serve" \
    bluez_pairs_and_bonds_with_our_peripheral
scenario "f. BlueZ central pairs with our serve by Passkey Entry, typing the passkey our side shows" \
    bluez_enters_our_passkey
scenario "g. our read pairs (Numeric Comparison) with a BlueZ peripheral needing encryption, then re-encrypts" \
    our_central_pairs_with_bluez_peripheral
scenario "h. an app's CBCentralManager (Swift Testing) explores BlueZ's GATT server" \
    our_central_manager_explores_bluez
scenario "m. our explore on bluetoothd (--transport bluez) in the guest explores our serve" \
    our_explore_on_bluez_reads_host_peripheral
scenario "n. our read, write and subscribe on bluetoothd (--transport bluez) reach our serve" \
    our_operations_on_bluez_reach_host_peripheral
scenario "o. CoreBluetooth contract tests on bluetoothd against our serve" contract_tests_on_bluez
scenario "p. our serve on bluetoothd (--transport bluez) in the guest, used from the host" \
    our_serve_on_bluez_used_from_host
scenario "q. our read on bluetoothd pairs by Numeric Comparison, our CBPairingAgent confirming" \
    our_agent_on_bluez_confirms_numeric_comparison
scenario "r. our serve on bluetoothd pairs by Numeric Comparison, our CBPairingAgent confirming" \
    our_serve_agent_on_bluez_confirms_numeric_comparison
scenario "s. our subscribe and write without response on bluetoothd go through AcquireNotify and AcquireWrite" \
    our_acquired_sockets_on_bluez_reach_host_peripheral
scenario "t. our peripheral manager on bluetoothd: 1,000 writes without response and 1,000 notifications, whole and in order" \
    streams_peripheral_on_bluez
scenario "u. our central manager on bluetoothd: 1,000 writes without response and 1,000 notifications, whole and in order" \
    streams_central_on_bluez
scenario "e. our l2cap opens an LE credit-based channel to the kernel's l2test; data crosses both ways" \
    our_l2cap_channel_with_kernel
scenario "c. our stack on the guest's hci0 user channel scans and explores" our_user_channel_reaches_host_peripheral

echo "=== vm suite results"
printf '%s\n' "${RESULTS[@]}"
if [ $FAILED -ne 0 ]; then
    echo "vm suite: logs in $VM_DIR (console.log, cmd/guest.log, cmd/bluetoothd.log, the guest's captures cmd/*.btsnoop)"
fi
exit $FAILED
