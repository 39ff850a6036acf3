"""Two Bumble hosts on one H4-over-TCP endpoint: scan, connect, GATT, pair, encrypt, disconnect.

    python3 gatt_pair.py --controller tcp-client:127.0.0.1:PORT
                         [--pairing sc|legacy] [--require-scan-response]
                         [--timeout 60] [--verbose]

Host A and host B each open their own connection to --controller (so on
`bluetooth sim` or controllers.py each gets its own controller on a shared air).
A (static random address) advertises a connectable legacy ADV_IND with a
16-bit service and puts its name in the scan response; its GATT server has a
readable characteristic with a fixed value and a notifiable one. B scans
actively (it must see A; with --require-scan-response it must also see the scan
response carrying A's name), connects, discovers, reads and checks the value,
subscribes and receives a notification, pairs with Just Works (LE Secure
Connections, or legacy with --pairing legacy), checks that both ends report an
encrypted link, reads again over it and disconnects. One line per step; exit
status 0 on success.
"""

from __future__ import annotations

import argparse
import asyncio

from bumble import data_types
from bumble.core import UUID, AdvertisingData
from bumble.device import Connection, Device, Peer
from bumble.gatt import Characteristic, Service

from interop_common import (
    POWER_ON_SECONDS,
    add_common_arguments,
    check,
    disconnect_and_wait,
    event_future,
    hex_preview,
    just_works,
    open_host,
    run,
    scan_for,
    static_address,
    step,
    within,
)

HOST_A_NAME = "InteropA"
HOST_A_ADDRESS = "C0:DE:C0:FF:EE:0A"
HOST_B_ADDRESS = "C0:DE:C0:FF:EE:0B"
SERVICE_UUID = UUID.from_16_bits(0xFFA0)
READ_UUID = UUID.from_16_bits(0xFFA1)
NOTIFY_UUID = UUID.from_16_bits(0xFFA2)
READ_VALUE = bytes.fromhex("b0b1b2b3b4")
NOTIFY_VALUE = bytes.fromhex("a5a5")
STEP_SECONDS = 10.0
PENDING: set[asyncio.Task[None]] = set()


def build_host_a_service() -> tuple[Service, Characteristic]:
    readable = Characteristic(READ_UUID, Characteristic.Properties.READ, Characteristic.READABLE, READ_VALUE)
    notifiable = Characteristic(
        NOTIFY_UUID, Characteristic.Properties.NOTIFY | Characteristic.Properties.READ, Characteristic.READABLE, NOTIFY_VALUE
    )
    return Service(SERVICE_UUID, [readable, notifiable]), notifiable


async def start_host_a(args: argparse.Namespace) -> Device:
    device, _ = await open_host(args.controller, HOST_A_NAME, static_address(HOST_A_ADDRESS))
    service, notifiable = build_host_a_service()
    device.add_service(service)
    just_works(device, args.pairing == "sc")

    def on_subscription(connection: Connection, characteristic: Characteristic, notify: bool, _indicate: bool) -> None:
        if characteristic is notifiable and notify:
            task = asyncio.get_running_loop().create_task(device.notify_subscriber(connection, notifiable, NOTIFY_VALUE))
            PENDING.add(task)
            task.add_done_callback(PENDING.discard)

    device.on(device.gatt_server.EVENT_CHARACTERISTIC_SUBSCRIPTION, on_subscription)
    await within(POWER_ON_SECONDS, device.power_on(), "host A power on")
    advertising_data = bytes(
        AdvertisingData(
            [
                data_types.Flags(AdvertisingData.Flags.LE_GENERAL_DISCOVERABLE_MODE | AdvertisingData.Flags.BR_EDR_NOT_SUPPORTED),
                data_types.CompleteListOf16BitServiceUUIDs([SERVICE_UUID]),
            ]
        )
    )
    scan_response_data = bytes(AdvertisingData([data_types.CompleteLocalName(HOST_A_NAME)]))
    await within(
        STEP_SECONDS,
        device.start_advertising(
            advertising_data=advertising_data,
            scan_response_data=scan_response_data,
            advertising_interval_min=100,
            advertising_interval_max=100,
        ),
        "host A start advertising",
    )
    step("advertise", f"host A {device.random_address} advertising service {SERVICE_UUID} (name in scan response)")
    return device


async def exercise(args: argparse.Namespace) -> None:
    host_a = await start_host_a(args)
    incoming_on_a = event_future(host_a, host_a.EVENT_CONNECTION)

    host_b, _ = await open_host(args.controller, "InteropB", static_address(HOST_B_ADDRESS))
    just_works(host_b, args.pairing == "sc")
    await within(POWER_ON_SECONDS, host_b.power_on(), "host B power on")
    step("power", f"host B {host_b.random_address} on")

    scan = await scan_for(
        host_b, host_a.random_address, HOST_A_NAME, STEP_SECONDS, args.require_scan_response
    )
    advertisement = scan.advertisement
    assert advertisement is not None
    check(advertisement.is_connectable, "host A's advertisement is not flagged connectable")
    services = advertisement.data.get(AdvertisingData.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS) or []
    check(SERVICE_UUID in services, f"host A's advertisement lacks service {SERVICE_UUID}: {advertisement.data}")
    named = scan.named_scan_response.done()
    step("scan", f"scan response with name {HOST_A_NAME!r}: {'seen' if named else 'not seen'}")

    connection = await within(STEP_SECONDS, host_b.connect(host_a.random_address), "connection to host A")
    connection_on_a: Connection = await within(STEP_SECONDS, incoming_on_a, "host A's connection event")
    step("connect", f"ok (handle B={connection.handle:#06x}, A={connection_on_a.handle:#06x})")
    disconnected_on_a = event_future(connection_on_a, connection_on_a.EVENT_DISCONNECTION)

    peer = Peer(connection)
    await within(STEP_SECONDS, peer.discover_services(), "service discovery")
    found = peer.get_services_by_uuid(SERVICE_UUID)
    check(len(found) == 1, f"service {SERVICE_UUID} found {len(found)} times, expected once")
    service = found[0]
    await within(STEP_SECONDS, peer.discover_characteristics(service=service), "characteristic discovery")
    readables = service.get_characteristics_by_uuid(READ_UUID)
    notifiables = service.get_characteristics_by_uuid(NOTIFY_UUID)
    check(len(readables) == 1, f"characteristic {READ_UUID} not found")
    check(len(notifiables) == 1, f"characteristic {NOTIFY_UUID} not found")
    readable, notifiable = readables[0], notifiables[0]
    check(bool(readable.properties & Characteristic.Properties.READ), f"{READ_UUID} is not readable: {readable.properties}")
    check(bool(notifiable.properties & Characteristic.Properties.NOTIFY), f"{NOTIFY_UUID} cannot notify: {notifiable.properties}")
    step("discover", f"service {SERVICE_UUID} at {service.handle:#06x}..{service.end_group_handle:#06x}, characteristics {READ_UUID} and {NOTIFY_UUID}")

    value = await within(STEP_SECONDS, peer.read_value(readable), "read")
    check(value == READ_VALUE, f"read {value.hex()}, expected {READ_VALUE.hex()}")
    step("read", f"ok ({hex_preview(value)})")

    notification: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def on_notification(notified: bytes) -> None:
        if not notification.done():
            notification.set_result(notified)

    await within(STEP_SECONDS, peer.subscribe(notifiable, on_notification), "subscribe (CCCD write)")
    notified = await within(STEP_SECONDS, notification, "a notification")
    check(notified == NOTIFY_VALUE, f"notification {notified.hex()}, expected {NOTIFY_VALUE.hex()}")
    step("notify", f"ok ({notified.hex()})")

    keys_on_b = event_future(connection, connection.EVENT_PAIRING)
    encrypted_on_a = asyncio.get_running_loop().create_future()

    def on_encryption_change_a(*_: object) -> None:
        if connection_on_a.is_encrypted and not encrypted_on_a.done():
            encrypted_on_a.set_result(None)

    connection_on_a.on(connection_on_a.EVENT_CONNECTION_ENCRYPTION_CHANGE, on_encryption_change_a)
    on_encryption_change_a()
    await within(STEP_SECONDS, connection.pair(), "pairing")
    keys = await within(STEP_SECONDS, keys_on_b, "pairing keys")
    secure_connections = bool(connection.sc) and keys.ltk is not None
    method = "LE Secure Connections" if secure_connections else "legacy"
    check(secure_connections == (args.pairing == "sc"), f"pairing used {method}, expected {args.pairing}")
    step("pair", f"ok ({method} Just Works, bonded)")

    check(connection.is_encrypted, "host B reports the link unencrypted after pairing")
    await within(STEP_SECONDS, encrypted_on_a, "encryption on host A's side")
    step("encrypt", "ok (both ends report an encrypted link)")

    value = await within(STEP_SECONDS, peer.read_value(readable), "read over the encrypted link")
    check(value == READ_VALUE, f"read {value.hex()} over the encrypted link, expected {READ_VALUE.hex()}")
    step("read-encrypted", f"ok ({hex_preview(value)})")

    await disconnect_and_wait(connection, disconnected_on_a, STEP_SECONDS)
    step("disconnect", "ok (both ends saw Disconnection Complete)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument("--pairing", choices=["sc", "legacy"], default="sc", help="Just Works flavour (default sc)")
    parser.add_argument(
        "--require-scan-response",
        action="store_true",
        help="fail unless B sees A's scan response carrying A's name",
    )
    run(exercise, parser.parse_args())


if __name__ == "__main__":
    main()
