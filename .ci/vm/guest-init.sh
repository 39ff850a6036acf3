#!/bin/bash
# The guest's PID 1, run from the host's root filesystem (shared read-only) after the initramfs: mounts
# what must be writable and the repository at its host path (a tmpfs over /tmp would hide a clone
# there), brings up the network (the host is 10.0.2.2) and the kernel's Bluetooth with hci_vhci,
# starts a system D-Bus, then runs the commands the host drops into the shared directory: each NAME.sh
# runs once, under the time limit in NAME.limit, into NAME.out, and its exit status goes to NAME.rc.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
for directory in /run /tmp /var/tmp /var/lib/bluetooth /root; do mount -t tmpfs tmpfs "$directory"; done
mkdir -p /run/vm /run/dbus
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 cmd /run/vm
repo=$(sed -n 's/.*vm\.repo=\([^ ]*\).*/\1/p' /proc/cmdline)
mkdir -p "$repo"
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose repo "$repo"
exec >/run/vm/guest.log 2>&1
modprobe virtio_net
ip link set lo up
ip addr add 10.0.2.15/24 dev eth0
ip link set eth0 up
ip route add default via 10.0.2.2
modprobe bluetooth
modprobe hci_vhci
dbus-daemon --system --fork
echo "guest ready: $(uname -r)"
touch /run/vm/ready
while true; do
    for script in /run/vm/*.sh; do
        [ -e "$script" ] || continue
        name=${script%.sh}
        [ -e "$name.rc" ] || [ -e "$name.started" ] && continue
        touch "$name.started"
        limit=$(cat "$name.limit" 2>/dev/null || echo 60)
        (
            cd /run/vm
            timeout -k 2 "$limit" bash "$script" >"$name.out" 2>&1 </dev/null
            echo $? >"$name.rc.tmp"
            mv "$name.rc.tmp" "$name.rc"
        )
    done
    sleep 0.2
done
