#!/usr/bin/env bash
# Installs what the VM suite needs: QEMU, Debian's kernel (Bluetooth and hci_vhci as modules),
# BlueZ and its test tools, and busybox for the guest's early init.
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/lib.sh
apt_install qemu-system-x86 linux-image-amd64 bluez bluez-test-tools busybox-static cpio dbus kmod
