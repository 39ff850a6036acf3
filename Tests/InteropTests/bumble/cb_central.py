"""A Bumble central that checks a peripheral built with our CBPeripheralManager.

    python3 cb_central.py --controller tcp-client:127.0.0.1:PORT (--target C0:DE:C0:FF:EE:01 | --name NAME)
                          [--address C0:DE:C0:FF:EE:02] [--timeout 60] [--verbose]

Scans for --target (or for the first advertiser whose complete local name is --name), connects, exchanges the ATT MTU, discovers every service,
characteristic and descriptor, checks service 0xFFF0 and its user description,
reads the 300-byte value of 0xFFF1 (LONG_VALUE of gatt_profile.py), writes
WRITE_VALUE to 0xFFF2 and reads it back, subscribes to 0xFFF4 and expects
NOTIFY_VALUE, then disconnects. One line per step; exit status 0 on success.
"""

from __future__ import annotations

import argparse
import asyncio

from bumble import hci
from bumble.core import AdvertisingData
from bumble.device import Advertisement, Device, Peer

import gatt_profile as profile
from interop_common import (
    POWER_ON_SECONDS,
    add_common_arguments,
    check,
    disconnect_and_wait,
    hex_preview,
    open_host,
    peer_address,
    run,
    scan_for,
    static_address,
    step,
    within,
)

STEP_SECONDS = 10.0


async def find_by_name(device: Device, name: str) -> hci.Address:
    found: asyncio.Future[hci.Address] = asyncio.get_running_loop().create_future()

    def on_advertisement(advertisement: Advertisement) -> None:
        if advertisement.data.get(AdvertisingData.COMPLETE_LOCAL_NAME) == name and not found.done():
            found.set_result(advertisement.address)

    device.on("advertisement", on_advertisement)
    await device.start_scanning(active=True)
    address = await within(STEP_SECONDS, found, f"an advertiser named {name!r}")
    await device.stop_scanning()
    step("scan", f"{name!r} is {address}")
    return address


async def exercise(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, "CBCentralPeer", args.address)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")
    if args.target is not None:
        await scan_for(device, args.target, None, STEP_SECONDS, require_scan_response=False)
        target = args.target
    else:
        target = await find_by_name(device, args.name)
    connection = await within(STEP_SECONDS, device.connect(target), f"connection to {target}")
    step("connect", f"ok (handle {connection.handle:#06x})")
    peer = Peer(connection)
    mtu = await within(STEP_SECONDS, peer.request_mtu(247), "MTU exchange")
    step("mtu", f"ATT MTU {mtu}")

    await within(STEP_SECONDS, peer.discover_services(), "service discovery")
    found = peer.get_services_by_uuid(profile.PRIMARY_SERVICE)
    check(len(found) == 1, f"service {profile.PRIMARY_SERVICE} found {len(found)} times")
    service = found[0]
    characteristics = await within(STEP_SECONDS, peer.discover_characteristics(service=service), "characteristics")
    by_uuid = {c.uuid: c for c in characteristics}
    for uuid in (profile.LONG_READ_CHARACTERISTIC, profile.WRITABLE_CHARACTERISTIC, profile.NOTIFY_CHARACTERISTIC):
        check(uuid in by_uuid, f"characteristic {uuid} missing: {[str(u) for u in by_uuid]}")
        await within(STEP_SECONDS, peer.discover_descriptors(by_uuid[uuid]), f"descriptors of {uuid}")
    step("discover", f"service {service.uuid} with {[str(u) for u in by_uuid]}")

    description = by_uuid[profile.LONG_READ_CHARACTERISTIC].get_descriptor(profile.USER_DESCRIPTION)
    check(description is not None, "0xFFF1 has no user description")
    assert description is not None
    text = await within(STEP_SECONDS, peer.read_value(description), "user description")
    check(text == profile.DESCRIPTIONS[profile.LONG_READ_CHARACTERISTIC].encode(), f"user description {text!r}")
    check(by_uuid[profile.NOTIFY_CHARACTERISTIC].get_descriptor(profile.CCCD) is not None, "0xFFF4 has no CCCD")

    value = await within(STEP_SECONDS, peer.read_value(by_uuid[profile.LONG_READ_CHARACTERISTIC]), "long read")
    check(value == profile.LONG_VALUE, f"0xFFF1 read {hex_preview(value, 40)} ({len(value)} bytes)")
    step("read-long", f"ok ({len(value)} bytes)")

    writable = by_uuid[profile.WRITABLE_CHARACTERISTIC]
    await within(STEP_SECONDS, peer.write_value(writable, profile.WRITE_VALUE, with_response=True), "write")
    back = await within(STEP_SECONDS, peer.read_value(writable), "read back")
    check(back == profile.WRITE_VALUE, f"0xFFF2 read back {back.hex()}")
    step("write", f"0xFFF2 <- {profile.WRITE_VALUE.hex()}, read back")

    received: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def on_value(value: bytes) -> None:
        if not received.done():
            received.set_result(value)

    await within(STEP_SECONDS, peer.subscribe(by_uuid[profile.NOTIFY_CHARACTERISTIC], on_value), "subscription")
    notified = await within(STEP_SECONDS, received, "a notification")
    check(notified == profile.NOTIFY_VALUE, f"notification {notified.hex()}")
    step("notify", f"ok ({notified.hex()})")

    await disconnect_and_wait(connection, None, STEP_SECONDS)
    step("disconnect", "ok")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--target", type=peer_address, help="the peripheral's address")
    which.add_argument("--name", help="the peripheral's complete local name, when its address is not known")
    parser.add_argument(
        "--address", type=static_address, default=static_address(profile.CLIENT_ADDRESS),
        help=f"our static random address (default {profile.CLIENT_ADDRESS})",
    )
    run(exercise, parser.parse_args())


if __name__ == "__main__":
    main()
