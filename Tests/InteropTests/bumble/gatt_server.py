"""A Bumble GATT server with the gatt_profile.py database, checking what one client does to it.

    python3 gatt_server.py --controller tcp-client:127.0.0.1:PORT
                           [--address C0:DE:C0:FF:EE:01] [--require-pairing]
                           [--timeout 60] [--verbose]

Advertises (legacy, connectable; name and service 0xFFF0 in the advertising
data) from a static random address, serves one connection and, once the client
disconnects, exits 0 only if the client wrote WRITE_VALUE to 0xFFF2,
long-wrote LONG_WRITE_VALUE to 0xFFF3, enabled notifications on 0xFFF4 (the
server then notifies NOTIFY_VALUE) and indications on 0xFFF5 (the server then
indicates INDICATE_VALUE and must get the confirmation), and, with
--require-pairing, paired (Just Works, LE Secure Connections or legacy).
One line per event; the address to pass to gatt_client.py --target is printed.
"""

from __future__ import annotations

import argparse
import asyncio

from bumble import data_types
from bumble.core import AdvertisingData
from bumble.device import Connection, Device
from bumble.gatt import Characteristic, CharacteristicValue, Descriptor, Service

import gatt_profile as profile
from interop_common import (
    POWER_ON_SECONDS,
    InteropFailure,
    add_common_arguments,
    event_future,
    hex_preview,
    just_works,
    open_host,
    run,
    static_address,
    step,
    within,
)

STEP_SECONDS = 10.0


def describe(uuid: object) -> Descriptor:
    text = profile.DESCRIPTIONS[uuid]
    return Descriptor(profile.USER_DESCRIPTION, Descriptor.READABLE, text.encode("utf-8"))


class InteropServer:
    """Holds the database and records what the client did."""

    def __init__(self, device: Device) -> None:
        self.device = device
        self.values = {
            profile.WRITABLE_CHARACTERISTIC: profile.INITIAL_WRITABLE_VALUE,
            profile.RELIABLE_CHARACTERISTIC: profile.INITIAL_RELIABLE_VALUE,
        }
        self.writes: dict[object, list[bytes]] = {
            profile.WRITABLE_CHARACTERISTIC: [],
            profile.RELIABLE_CHARACTERISTIC: [],
        }
        self.notified = False
        self.indication_confirmed = False
        self.paired_with: str | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.failures: list[str] = []
        self.notify = Characteristic(
            profile.NOTIFY_CHARACTERISTIC,
            Characteristic.Properties.NOTIFY,
            Characteristic.READABLE,
            profile.NOTIFY_VALUE,
            [describe(profile.NOTIFY_CHARACTERISTIC)],
        )
        self.indicate = Characteristic(
            profile.INDICATE_CHARACTERISTIC,
            Characteristic.Properties.INDICATE,
            Characteristic.READABLE,
            profile.INDICATE_VALUE,
            [describe(profile.INDICATE_CHARACTERISTIC)],
        )

    def dynamic(self, uuid: object) -> CharacteristicValue:
        def read(_connection: Connection) -> bytes:
            return self.values[uuid]

        def write(_connection: Connection, value: bytes) -> None:
            self.values[uuid] = value
            self.writes[uuid].append(value)
            step("write", f"{uuid} <- {hex_preview(value)}")

        return CharacteristicValue(read=read, write=write)

    def services(self) -> list[Service]:
        included = Service(
            profile.INCLUDED_SERVICE,
            [
                Characteristic(
                    profile.INCLUDED_CHARACTERISTIC,
                    Characteristic.Properties.READ,
                    Characteristic.READABLE,
                    profile.INCLUDED_VALUE,
                    [describe(profile.INCLUDED_CHARACTERISTIC)],
                )
            ],
        )
        primary = Service(
            profile.PRIMARY_SERVICE,
            [
                Characteristic(
                    profile.LONG_READ_CHARACTERISTIC,
                    Characteristic.Properties.READ,
                    Characteristic.READABLE,
                    profile.LONG_VALUE,
                    [describe(profile.LONG_READ_CHARACTERISTIC)],
                ),
                Characteristic(
                    profile.WRITABLE_CHARACTERISTIC,
                    Characteristic.Properties.READ | Characteristic.Properties.WRITE,
                    Characteristic.READABLE | Characteristic.WRITEABLE,
                    self.dynamic(profile.WRITABLE_CHARACTERISTIC),
                    [describe(profile.WRITABLE_CHARACTERISTIC)],
                ),
                Characteristic(
                    profile.RELIABLE_CHARACTERISTIC,
                    Characteristic.Properties.READ
                    | Characteristic.Properties.WRITE
                    | Characteristic.Properties.EXTENDED_PROPERTIES,
                    Characteristic.READABLE | Characteristic.WRITEABLE,
                    self.dynamic(profile.RELIABLE_CHARACTERISTIC),
                    [
                        Descriptor(profile.EXTENDED_PROPERTIES, Descriptor.READABLE, profile.RELIABLE_WRITE_BIT),
                        describe(profile.RELIABLE_CHARACTERISTIC),
                    ],
                ),
                self.notify,
                self.indicate,
            ],
            included_services=[included],
        )
        wide = Service(
            profile.UUID128_SERVICE,
            [
                Characteristic(
                    profile.UUID128_CHARACTERISTIC,
                    Characteristic.Properties.READ,
                    Characteristic.READABLE,
                    profile.UUID128_VALUE,
                    [describe(profile.UUID128_CHARACTERISTIC)],
                )
            ],
        )
        # The included service goes first so that it is not nested inside the service including it.
        return [included, primary, wide]

    def on_subscription(self, connection: Connection, characteristic: Characteristic, notify: bool, indicate: bool) -> None:
        if characteristic is self.notify and notify:
            step("subscribe", f"{characteristic.uuid} notifications enabled")
            self.spawn(self.send_notification(connection))
        elif characteristic is self.indicate and indicate:
            step("subscribe", f"{characteristic.uuid} indications enabled")
            self.spawn(self.send_indication(connection))
        else:
            step("subscribe", f"{characteristic.uuid} notify={notify} indicate={indicate}")

    def spawn(self, coroutine: object) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)  # type: ignore[arg-type]
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def send_notification(self, connection: Connection) -> None:
        await self.device.notify_subscriber(connection, self.notify, profile.NOTIFY_VALUE)
        self.notified = True
        step("notify", f"sent {profile.NOTIFY_VALUE.hex()}")

    async def send_indication(self, connection: Connection) -> None:
        try:
            await within(STEP_SECONDS, self.device.indicate_subscriber(connection, self.indicate, profile.INDICATE_VALUE), "indication confirmation")
        except InteropFailure as failure:
            self.failures.append(str(failure))
            step("indicate", f"FAILED: {failure}")
            return
        self.indication_confirmed = True
        step("indicate", f"sent {profile.INDICATE_VALUE.hex()}, confirmed")

    def unmet(self, require_pairing: bool) -> list[str]:
        missing = list(self.failures)
        written = self.writes[profile.WRITABLE_CHARACTERISTIC]
        if profile.WRITE_VALUE not in written:
            missing.append(
                f"no write of {profile.WRITE_VALUE.hex()} to {profile.WRITABLE_CHARACTERISTIC} (got {[w.hex() for w in written]})"
            )
        long_written = self.writes[profile.RELIABLE_CHARACTERISTIC]
        if profile.LONG_WRITE_VALUE not in long_written:
            missing.append(
                f"no long write of the {len(profile.LONG_WRITE_VALUE)}-byte value to {profile.RELIABLE_CHARACTERISTIC} "
                f"(got {[hex_preview(w) for w in long_written]})"
            )
        if not self.notified:
            missing.append(f"notifications on {profile.NOTIFY_CHARACTERISTIC} were never enabled")
        if not self.indication_confirmed:
            missing.append(f"no confirmed indication on {profile.INDICATE_CHARACTERISTIC}")
        if require_pairing and self.paired_with is None:
            missing.append("the client did not pair")
        return missing


async def serve(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, profile.SERVER_NAME, args.address)
    server = InteropServer(device)
    device.add_services(server.services())
    just_works(device, secure_connections=True)
    device.on(device.gatt_server.EVENT_CHARACTERISTIC_SUBSCRIPTION, server.on_subscription)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")

    for attribute in device.gatt_server.attributes:
        step("database", str(attribute))

    connected = event_future(device, device.EVENT_CONNECTION)
    advertising_data = bytes(
        AdvertisingData(
            [
                data_types.Flags(AdvertisingData.Flags.LE_GENERAL_DISCOVERABLE_MODE | AdvertisingData.Flags.BR_EDR_NOT_SUPPORTED),
                data_types.CompleteListOf16BitServiceUUIDs([profile.PRIMARY_SERVICE]),
                data_types.CompleteLocalName(profile.SERVER_NAME),
            ]
        )
    )
    await within(
        STEP_SECONDS,
        device.start_advertising(
            advertising_data=advertising_data,
            scan_response_data=bytes(AdvertisingData([data_types.CompleteLocalName(profile.SERVER_NAME)])),
            advertising_interval_min=100,
            advertising_interval_max=100,
        ),
        "start advertising",
    )
    step("advertise", f"{profile.SERVER_NAME} at {device.random_address} (pass --target {device.random_address})")

    connection: Connection = await connected
    step("connect", f"from {connection.peer_address} (handle {connection.handle:#06x})")
    disconnected = event_future(connection, connection.EVENT_DISCONNECTION)

    def on_pairing(keys: object) -> None:
        server.paired_with = "LE Secure Connections" if connection.sc else "legacy"
        step("pair", f"ok ({server.paired_with})")

    connection.on(connection.EVENT_PAIRING, on_pairing)
    connection.on(connection.EVENT_PAIRING_FAILURE, lambda reason: step("pair", f"failed (reason {reason})"))
    connection.on(
        connection.EVENT_CONNECTION_ATT_MTU_UPDATE,
        lambda *_: step("mtu", f"ATT MTU is now {connection.att_mtu}"),
    )

    reason = await disconnected
    step("disconnect", f"reason {reason:#04x}")
    for task in list(server.tasks):
        await asyncio.wait_for(task, timeout=STEP_SECONDS)

    missing = server.unmet(args.require_pairing)
    if missing:
        raise InteropFailure("; ".join(missing))
    step("checks", "client wrote, long-wrote, received the notification and confirmed the indication")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument(
        "--address", type=static_address, default=static_address(profile.SERVER_ADDRESS),
        help=f"static random address to advertise from (default {profile.SERVER_ADDRESS})",
    )
    parser.add_argument("--require-pairing", action="store_true", help="fail unless the client pairs")
    run(serve, parser.parse_args())


if __name__ == "__main__":
    main()
