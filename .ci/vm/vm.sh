# The VM harness, sourced by the suite: boots Debian's kernel under QEMU (TCG; KVM is never used) with
# the host's root filesystem shared read-only over 9p (and the repository again, at its own path, in case
# the guest's tmpfs mounts hide it, as under /tmp), and runs scripts in the guest with a time limit.
# vm_start, vm_run LIMIT SCRIPT, vm_stop. VM_DIR holds the console log, the initramfs and the command
# directory shared with the guest (its guest.log, and every script with its output).

VM_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
VM_DIR=${VM_DIR:-$(mktemp -d /tmp/bluetooth-vm.XXXXXX)}
VM_PID=
VM_SEQUENCE=0

# The Debian kernel installed by install.sh (not the host's running kernel).
vm_kernel_version() {
    local image
    image=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
    [ -n "$image" ] && basename "$image" | sed 's/^vmlinuz-//'
}

# Boots the guest and waits until it is ready for commands (at most 180 s). no_timer_check: on a loaded host the TCG
# guest's kernel can find its timer interrupt not ticking in the short window it checks it, and panics at boot ("IO-APIC
# + timer doesn't work!"), as it did here once at a load average near 20; the check only guards against broken hardware.
vm_start() {
    local version
    version=$(vm_kernel_version)
    if [ -z "$version" ] || [ ! -d "/lib/modules/$version" ]; then
        echo "vm: no Debian kernel with modules in /boot and /lib/modules (run .ci/vm/install.sh)" >&2
        return 1
    fi
    mkdir -p "$VM_DIR/cmd"
    bash "$VM_REPO/.ci/vm/build-initramfs.sh" "$version" "$VM_DIR/initramfs.gz"
    qemu-system-x86_64 -accel tcg -m 1536 -smp 2 -display none -no-reboot -monitor none \
        -kernel "/boot/vmlinuz-$version" -initrd "$VM_DIR/initramfs.gz" \
        -append "console=ttyS0 quiet panic=-1 no_timer_check vm.init=$VM_REPO/.ci/vm/guest-init.sh vm.repo=$VM_REPO" \
        -fsdev local,id=host,path=/,security_model=none,readonly=on,multidevs=remap \
        -device virtio-9p-pci,fsdev=host,mount_tag=host \
        -fsdev local,id=repo,path="$VM_REPO",security_model=none,readonly=on,multidevs=remap \
        -device virtio-9p-pci,fsdev=repo,mount_tag=repo \
        -fsdev local,id=cmd,path="$VM_DIR/cmd",security_model=none \
        -device virtio-9p-pci,fsdev=cmd,mount_tag=cmd \
        -netdev user,id=net -device virtio-net-pci,netdev=net \
        -serial file:"$VM_DIR/console.log" >"$VM_DIR/qemu.log" 2>&1 &
    VM_PID=$!
    local waited=0
    until [ -e "$VM_DIR/cmd/ready" ]; do
        if ! kill -0 "$VM_PID" 2>/dev/null; then
            echo "vm: QEMU exited during boot" >&2
            cat "$VM_DIR/qemu.log" "$VM_DIR/console.log" >&2
            return 1
        fi
        if [ $waited -ge 1800 ]; then
            echo "vm: the guest did not come up in 180 s" >&2
            tail -n 30 "$VM_DIR/console.log" >&2
            return 1
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
    echo "vm: guest up (kernel $version) after $((waited / 10)) s"
}

# vm_run LIMIT SCRIPT: runs SCRIPT (bash) in the guest, killed after LIMIT seconds; prints its output
# and returns its exit status (124 when it ran out of time).
vm_run() {
    local limit=$1 script=$2
    VM_SEQUENCE=$((VM_SEQUENCE + 1))
    local name
    name=$(printf '%s/cmd/%03d' "$VM_DIR" "$VM_SEQUENCE")
    echo "$limit" >"$name.limit"
    printf '%s\n' "$script" >"$name.tmp"
    mv "$name.tmp" "$name.sh"
    local waited=0
    until [ -e "$name.rc" ]; do
        if ! kill -0 "$VM_PID" 2>/dev/null; then
            echo "vm: QEMU is gone" >&2
            return 1
        fi
        if [ $waited -ge $(((limit + 30) * 10)) ]; then
            echo "vm: the guest did not finish a command in $((limit + 30)) s" >&2
            return 1
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
    cat "$name.out"
    return "$(cat "$name.rc")"
}

# Stops QEMU.
vm_stop() {
    [ -n "$VM_PID" ] || return 0
    kill "$VM_PID" 2>/dev/null
    wait "$VM_PID" 2>/dev/null
    VM_PID=
}
