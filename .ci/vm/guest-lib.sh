# Helpers for the scripts the VM suite runs in the guest (sourced there; the guest has bash and BlueZ).

# wait_until SECONDS COMMAND...: retries COMMAND every 0.2 s until it succeeds; fails after SECONDS.
wait_until() {
    local deadline=$((SECONDS + $1))
    shift
    until "$@" >/dev/null 2>&1; do
        if [ $SECONDS -ge $deadline ]; then
            echo "timed out waiting for: $*"
            return 1
        fi
        sleep 0.2
    done
}

# A bluetoothctl session driven line by line: ctl_start, ctl COMMAND, ctl_wait PATTERN SECONDS, ctl_stop.
# ctl_wait looks only at what bluetoothctl printed since the last ctl, with its colours removed.
CTL_DIR=${CTL_DIR:-/tmp/ctl}
ctl_start() {
    mkdir -p "$CTL_DIR"
    rm -f "$CTL_DIR/in" "$CTL_DIR/out"
    mkfifo "$CTL_DIR/in"
    bluetoothctl <"$CTL_DIR/in" >"$CTL_DIR/out" 2>&1 &
    CTL_PID=$!
    exec {CTL_FD}>"$CTL_DIR/in"
    CTL_MARK=0
}

ctl() {
    CTL_MARK=$(wc -l <"$CTL_DIR/out")
    echo "> $*"
    echo "$*" >&"$CTL_FD"
}

ctl_output() {
    tail -n +"$((CTL_MARK + 1))" "$CTL_DIR/out" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g; s/\r//g'
}

ctl_seen() {
    ctl_output | grep -qE "$1"
}

ctl_wait() {
    if wait_until "$2" ctl_seen "$1"; then
        echo "  saw: $(ctl_output | grep -E "$1" | head -n 1 | sed 's/^.*# //')"
    else
        echo "  bluetoothctl printed:"
        ctl_output | tail -n 30
        return 1
    fi
}

# ctl_scan_for NAME SECONDS: scans until an advertiser named NAME shows up (its name may come with its first
# report or later, from a scan response), then stops scanning; sets ADDRESS to its address.
ctl_scan_for() {
    local pattern="Device [0-9A-F:]+ (Name: )?$1"
    ctl 'scan on'
    if ! ctl_wait "$pattern" "$2"; then
        # A device bluetoothd already knows may show up only as RSSI changes, which the pattern does not match.
        ctl 'devices'
        ctl_wait "$pattern" 10 || return 1
    fi
    ADDRESS=$(ctl_output | grep -oE "$pattern" | head -n 1 | cut -d' ' -f2)
    ctl 'scan off'
}

# ctl_read_expect UUID BYTES SECONDS: reads the characteristic UUID (of the connected device) and waits for
# bluetoothctl's hex dump of BYTES (e.g. "0a 00").
ctl_read_expect() {
    ctl 'menu gatt'
    ctl "select-attribute $1"
    ctl 'read'
    ctl_wait "[[:space:]]$2 {3,}" "$3" || return 1
    ctl 'back'
}

# ctl_agent CAPABILITY: the session's agent, with that IO capability, becomes bluetoothd's default agent.
# bluetoothctl registers an agent of its own (KeyboardDisplay) once it sees bluetoothd's agent manager, and an
# "agent CAPABILITY" sent before or while that happens is taken, refused ("Agent is already registered") or merged
# with it depending on timing; so this waits for that first registration, then replaces it with ours.
ctl_agent() {
    if ! wait_until 10 bash -c "sed 's/\x1b\[[0-9;]*[A-Za-z]//g' '$CTL_DIR/out' | grep -q 'Agent registered'"; then
        echo "  bluetoothctl registered no agent of its own:"
        tail -n 30 "$CTL_DIR/out"
        return 1
    fi
    ctl 'agent off'
    ctl_wait 'Agent unregistered' 10 || return 1
    ctl "agent $1"
    ctl_wait 'Agent registered' 10 || return 1
    ctl 'default-agent'
}

# ctl_bonded_reads UUID BYTES: connects to the paired device at ADDRESS and reads UUID (expecting BYTES), then
# reconnects (the bond encrypts the new link, no pairing) and reads it again; then removes the device.
ctl_bonded_reads() {
    ctl "connect $ADDRESS"
    ctl_wait 'ServicesResolved: yes|Connection successful' 40
    ctl_read_expect "$1" "$2" 30
    ctl "disconnect $ADDRESS"
    ctl_wait 'Connected: no' 20
    ctl "connect $ADDRESS"
    ctl_wait 'Connection successful' 40
    ctl_read_expect "$1" "$2" 30
    ctl "remove $ADDRESS"
    ctl_wait 'Device has been removed' 20
}

ctl_stop() {
    echo "quit" >&"$CTL_FD"
    exec {CTL_FD}>&-
    wait_until 5 bash -c "! kill -0 $CTL_PID" || kill "$CTL_PID"
}

# Starts bluetoothd and waits until it has powered hci0 on.
start_bluetoothd() {
    setsid /usr/libexec/bluetooth/bluetoothd -n >>/run/vm/bluetoothd.log 2>&1 &
    echo $! >/run/bluetoothd.pid
    wait_until 20 bluetoothctl show || return 1
    bluetoothctl --timeout 5 power on >/dev/null 2>&1
    wait_until 20 bash -c "bluetoothctl show | grep -q 'Powered: yes'"
}

stop_bluetoothd() {
    local pid
    pid=$(cat /run/bluetoothd.pid)
    kill "$pid"
    wait_until 10 bash -c "! kill -0 $pid"
}

# btmgmt COMMAND...: btmgmt needs its standard input open until the kernel has answered.
mgmt() {
    sleep 2 | btmgmt --index 0 "$@"
}

# mgmt_advertise NAME: names the adapter NAME and advertises it, connectable and general discoverable, through mgmt
# (replacing any advertisement before).
mgmt_advertise() {
    mgmt name "$1"
    mgmt clr-adv || true
    mgmt add-adv -c -g -n 1
}

# capture_start NAME, capture_stop NAME: a btmon capture of one scenario, copied to /run/vm/NAME.btsnoop (the
# host's VM_DIR/cmd) when it stops.
capture_start() {
    setsid btmon -w "/tmp/$1.btsnoop" >/dev/null 2>&1 &
    echo $! >"/tmp/$1.btmon.pid"
    wait_until 10 test -s "/tmp/$1.btsnoop"
}

capture_stop() {
    local pid
    pid=$(cat "/tmp/$1.btmon.pid")
    kill "$pid"
    wait_until 10 bash -c "! kill -0 $pid"
    cp "/tmp/$1.btsnoop" "/run/vm/$1.btsnoop"
}

# diagnostics_start NAME, diagnostics_stop NAME: what a scenario's failure is explained with, kept in /run/vm (the
# host's VM_DIR/cmd): a btmon capture NAME.btsnoop, which also holds bluetoothd's log lines, its debug ones included
# while they run (SIGUSR2 turns bluetoothd's debug log on, and off again), and the system bus's method calls, replies
# and errors with their times (dbus-monitor), NAME.dbus.
diagnostics_start() {
    capture_start "$1"
    setsid dbus-monitor --system "type='method_call'" "type='method_return'" "type='error'" >"/tmp/$1.dbus" 2>&1 &
    echo $! >"/tmp/$1.dbus.pid"
    wait_until 10 test -s "/tmp/$1.dbus"
    kill -USR2 "$(cat /run/bluetoothd.pid)"
}

diagnostics_stop() {
    kill -USR2 "$(cat /run/bluetoothd.pid)" || echo "diagnostics_stop: bluetoothd is gone"
    kill "$(cat "/tmp/$1.dbus.pid")"
    cp "/tmp/$1.dbus" "/run/vm/$1.dbus"
    capture_stop "$1"
}

# remove_devices: bluetoothd forgets every device it knows, with its keys (a device still disconnecting may refuse
# for a moment; a temporary one may go by itself once disconnected, between the listing and its removal).
remove_devices() {
    local address
    for address in $(bluetoothctl devices | grep -oE '([0-9A-F]{2}:){5}[0-9A-F]{2}'); do
        wait_until 10 remove_device "$address" || echo "remove_devices: could not remove $address"
    done
}

# remove_device ADDRESS: removes the device, or finds it gone already.
remove_device() {
    bluetoothctl remove "$1" || ! bluetoothctl devices | grep -q "$1"
}
