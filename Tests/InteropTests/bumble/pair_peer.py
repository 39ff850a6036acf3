"""A Bumble host that pairs with one of our hosts, in either role, and reads an encryption-required value.

    python3 pair_peer.py --controller tcp-client:127.0.0.1:PORT --role peripheral
                         [--address C0:DE:C0:FF:EE:21] [--pairing sc|legacy] [--timeout 60] [--verbose]
    python3 pair_peer.py --controller tcp-client:127.0.0.1:PORT --role central --target ADDRESS
                         [--address C0:DE:C0:FF:EE:22] [--pairing sc|legacy] [--timeout 60] [--verbose]

As peripheral: advertises "PairPeer" with service 0xFFB0, whose characteristic
0xFFB1 can only be read over an encrypted link (value SECRET_VALUE); waits for
one connection and exits 0 once the central has paired (Just Works, bonding),
read 0xFFB1 over the encrypted link and disconnected.
As central: connects to --target, pairs (Just Works, bonding), checks that the
link is encrypted, finds 0xFFB1 in service 0xFFB0, reads it, checks the value
is SECRET_VALUE and disconnects.
One line per step; exit status 0 on success.
"""

from __future__ import annotations

import argparse

from bumble import data_types
from bumble.core import UUID, AdvertisingData
from bumble.device import Connection, Peer
from bumble.gatt import Characteristic, CharacteristicValue, Service

from interop_common import (
    POWER_ON_SECONDS,
    InteropFailure,
    add_common_arguments,
    check,
    event_future,
    hex_preview,
    just_works,
    open_host,
    peer_address,
    run,
    scan_for,
    static_address,
    step,
    within,
)

SERVICE_UUID = UUID.from_16_bits(0xFFB0)
SECRET_UUID = UUID.from_16_bits(0xFFB1)
SECRET_VALUE = bytes.fromhex("5ec2e7")
NAME = "PairPeer"
STEP_SECONDS = 10.0


async def serve(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, NAME, args.address or static_address("C0:DE:C0:FF:EE:21"))
    reads: list[bool] = []

    def read(connection: Connection) -> bytes:
        reads.append(connection.is_encrypted)
        step("read", f"0xFFB1 read (link encrypted: {connection.is_encrypted})")
        return SECRET_VALUE

    secret = Characteristic(
        SECRET_UUID, Characteristic.Properties.READ, Characteristic.READ_REQUIRES_ENCRYPTION, CharacteristicValue(read=read)
    )
    device.add_service(Service(SERVICE_UUID, [secret]))
    just_works(device, args.pairing == "sc")
    connected = event_future(device, device.EVENT_CONNECTION)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")
    advertising_data = bytes(
        AdvertisingData(
            [
                data_types.Flags(AdvertisingData.Flags.LE_GENERAL_DISCOVERABLE_MODE | AdvertisingData.Flags.BR_EDR_NOT_SUPPORTED),
                data_types.CompleteListOf16BitServiceUUIDs([SERVICE_UUID]),
                data_types.CompleteLocalName(NAME),
            ]
        )
    )
    await within(
        STEP_SECONDS,
        device.start_advertising(
            advertising_data=advertising_data, advertising_interval_min=100, advertising_interval_max=100
        ),
        "start advertising",
    )
    step("advertise", f"{NAME} at {device.random_address}")
    connection: Connection = await within(args.timeout, connected, "a connection")
    step("connect", f"from {connection.peer_address} (handle {connection.handle:#06x})")
    paired = event_future(connection, connection.EVENT_PAIRING)
    failed = event_future(connection, connection.EVENT_PAIRING_FAILURE)
    disconnected = event_future(connection, connection.EVENT_DISCONNECTION)
    failed.add_done_callback(lambda future: step("pair", f"failed (reason {future.result()})"))
    await within(args.timeout, paired, "pairing")
    step("pair", f"ok ({'LE Secure Connections' if connection.sc else 'legacy'}, bonded)")
    reason = await within(args.timeout, disconnected, "disconnection")
    step("disconnect", f"reason {reason:#04x}")
    check(True in reads, f"0xFFB1 was never read over an encrypted link (reads: {reads})")
    check(connection.sc == (args.pairing == "sc"), f"pairing used {'SC' if connection.sc else 'legacy'}")


async def connect_and_pair(args: argparse.Namespace) -> None:
    if args.target is None:
        raise InteropFailure("--role central needs --target")
    device, _ = await open_host(args.controller, "PairCentral", args.address or static_address("C0:DE:C0:FF:EE:22"))
    just_works(device, args.pairing == "sc")
    await within(POWER_ON_SECONDS, device.power_on(), "power on")
    await scan_for(device, args.target, None, STEP_SECONDS, require_scan_response=False)
    connection = await within(STEP_SECONDS, device.connect(args.target), f"connection to {args.target}")
    step("connect", f"ok (handle {connection.handle:#06x})")
    await within(STEP_SECONDS, connection.pair(), "pairing")
    check(connection.is_encrypted, "the link is not encrypted after pairing")
    step("pair", f"ok ({'LE Secure Connections' if connection.sc else 'legacy'}, encrypted)")
    peer = Peer(connection)
    await within(STEP_SECONDS, peer.discover_services([SERVICE_UUID]), "service discovery")
    services = peer.get_services_by_uuid(SERVICE_UUID)
    check(len(services) == 1, f"service {SERVICE_UUID} found {len(services)} times")
    await within(STEP_SECONDS, peer.discover_characteristics(service=services[0]), "characteristic discovery")
    characteristics = services[0].get_characteristics_by_uuid(SECRET_UUID)
    check(len(characteristics) == 1, f"characteristic {SECRET_UUID} not found")
    value = await within(STEP_SECONDS, peer.read_value(characteristics[0]), "read")
    check(value == SECRET_VALUE, f"read {value.hex()}, expected {SECRET_VALUE.hex()}")
    step("read", f"ok ({hex_preview(value)})")
    await within(STEP_SECONDS, connection.disconnect(), "disconnection")
    step("disconnect", "ok")


async def exercise(args: argparse.Namespace) -> None:
    if args.role == "peripheral":
        await serve(args)
    else:
        await connect_and_pair(args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument("--role", choices=["peripheral", "central"], required=True)
    parser.add_argument("--address", type=static_address, default=None, help="our static random address")
    parser.add_argument("--target", type=peer_address, default=None, help="the peripheral to connect to (central)")
    parser.add_argument("--pairing", choices=["sc", "legacy"], default="sc", help="Just Works flavour (default sc)")
    run(exercise, parser.parse_args())


if __name__ == "__main__":
    main()
