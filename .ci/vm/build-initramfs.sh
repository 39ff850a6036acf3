#!/usr/bin/env bash
# build-initramfs.sh KERNEL_VERSION OUTPUT: a small initramfs (busybox and the virtio/9p modules of that
# kernel) that mounts the host's root filesystem, shared by QEMU, and runs guest-init.sh from it.
set -euo pipefail
version=$1
output=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work"/{bin,proc,sys,dev,modules,newroot}
cp /bin/busybox "$work/bin/busybox"
cp "$here/initramfs-init" "$work/init"
chmod +x "$work/init"
for module in virtio_pci 9pnet_virtio 9p; do
    modprobe -S "$version" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r path; do
    cp "$path" "$work/modules/"
    basename "$path" >>"$work/modules.order"
done
(cd "$work" && find . | cpio -o -H newc --quiet) | gzip -1 >"$output"
