"""A Bumble GATT client that checks a server against gatt_profile.py end to end.

    python3 gatt_client.py --controller tcp-client:127.0.0.1:PORT --target C0:DE:C0:FF:EE:01
                           [--address C0:DE:C0:FF:EE:02] [--mtu N] [--pair]
                           [--timeout 60] [--verbose]

Scans for --target, connects, optionally exchanges the ATT MTU, discovers every
service, included service, characteristic and descriptor and checks them
against the profile (0xFFF0 includes 0xFFE0; user descriptions; extended
properties), reads the 300-byte value (Read Long), reads the included and the
128-bit characteristics, writes WRITE_VALUE to 0xFFF2 and reads it back,
long-writes LONG_WRITE_VALUE to 0xFFF3 with the Reliable Writes procedure
(Prepare Write echoes checked, then Execute Write) and reads it back, subscribes
to notifications (0xFFF4) and indications (0xFFF5) and checks the values, with
--pair pairs (LE Secure Connections Just Works), then disconnects.
One line per step; exit status 0 on success.
"""

from __future__ import annotations

import argparse
import asyncio

from bumble import att
from bumble.core import UUID
from bumble.device import Peer
from bumble.gatt import Characteristic
from bumble.gatt_client import CharacteristicProxy, Client, ServiceProxy

import gatt_profile as profile
from interop_common import (
    POWER_ON_SECONDS,
    InteropFailure,
    add_common_arguments,
    check,
    disconnect_and_wait,
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

STEP_SECONDS = 10.0
Props = Characteristic.Properties

EXPECTED_PROPERTIES = {
    profile.INCLUDED_CHARACTERISTIC: Props.READ,
    profile.LONG_READ_CHARACTERISTIC: Props.READ,
    profile.WRITABLE_CHARACTERISTIC: Props.READ | Props.WRITE,
    profile.RELIABLE_CHARACTERISTIC: Props.READ | Props.WRITE | Props.EXTENDED_PROPERTIES,
    profile.NOTIFY_CHARACTERISTIC: Props.NOTIFY,
    profile.INDICATE_CHARACTERISTIC: Props.INDICATE,
    profile.UUID128_CHARACTERISTIC: Props.READ,
}


def only_service(peer: Peer, uuid: UUID) -> ServiceProxy:
    found = peer.get_services_by_uuid(uuid)
    check(len(found) == 1, f"service {uuid} found {len(found)} times, expected once")
    return found[0]


def only_characteristic(service: ServiceProxy, uuid: UUID) -> CharacteristicProxy:
    found = service.get_characteristics_by_uuid(uuid)
    check(len(found) == 1, f"characteristic {uuid} found {len(found)} times in {service.uuid}, expected once")
    return found[0]


async def discover_everything(peer: Peer) -> None:
    services = await within(STEP_SECONDS, peer.discover_services(), "primary service discovery")
    for service in services:
        included = await within(STEP_SECONDS, peer.discover_included_services(service), f"included services of {service.uuid}")
        step(
            "discover",
            f"service {service.uuid} {service.handle:#06x}..{service.end_group_handle:#06x}"
            + (f" includes {[str(s.uuid) for s in included]}" if included else ""),
        )
        characteristics = await within(STEP_SECONDS, peer.discover_characteristics(service=service), f"characteristics of {service.uuid}")
        for characteristic in characteristics:
            descriptors = await within(
                STEP_SECONDS, peer.discover_descriptors(characteristic), f"descriptors of {characteristic.uuid}"
            )
            step(
                "discover",
                f"  characteristic {characteristic.uuid} value {characteristic.handle:#06x} "
                f"[{characteristic.properties}] descriptors {[str(d.type) for d in descriptors]}",
            )


async def check_database(peer: Peer) -> dict[UUID, CharacteristicProxy]:
    included_service = only_service(peer, profile.INCLUDED_SERVICE)
    primary = only_service(peer, profile.PRIMARY_SERVICE)
    wide = only_service(peer, profile.UUID128_SERVICE)

    includes = [s for s in primary.included_services if s.uuid == profile.INCLUDED_SERVICE]
    check(len(includes) == 1, f"{profile.PRIMARY_SERVICE} does not include {profile.INCLUDED_SERVICE}: {[str(s.uuid) for s in primary.included_services]}")
    declared = includes[0]
    check(
        (declared.handle, declared.end_group_handle) == (included_service.handle, included_service.end_group_handle),
        f"include declaration range {declared.handle:#06x}..{declared.end_group_handle:#06x} differs from the service's "
        f"{included_service.handle:#06x}..{included_service.end_group_handle:#06x}",
    )
    step("includes", f"{profile.PRIMARY_SERVICE} includes {profile.INCLUDED_SERVICE} at {declared.handle:#06x}..{declared.end_group_handle:#06x}")

    characteristics: dict[UUID, CharacteristicProxy] = {}
    homes = {
        profile.INCLUDED_CHARACTERISTIC: included_service,
        profile.UUID128_CHARACTERISTIC: wide,
    }
    for uuid, expected in EXPECTED_PROPERTIES.items():
        characteristic = only_characteristic(homes.get(uuid, primary), uuid)
        check(
            characteristic.properties & expected == expected,
            f"{uuid} has properties [{characteristic.properties}], expected at least [{expected}]",
        )
        description = characteristic.get_descriptor(profile.USER_DESCRIPTION)
        check(description is not None, f"{uuid} has no user description (0x2901)")
        assert description is not None
        text = await within(STEP_SECONDS, peer.read_value(description), f"user description of {uuid}")
        check(
            text == profile.DESCRIPTIONS[uuid].encode("utf-8"),
            f"{uuid} user description is {text!r}, expected {profile.DESCRIPTIONS[uuid]!r}",
        )
        if expected & (Props.NOTIFY | Props.INDICATE):
            check(characteristic.get_descriptor(profile.CCCD) is not None, f"{uuid} has no CCCD (0x2902)")
        characteristics[uuid] = characteristic
    step("descriptors", f"user descriptions of {len(characteristics)} characteristics match; CCCDs present")

    reliable = characteristics[profile.RELIABLE_CHARACTERISTIC]
    extended = reliable.get_descriptor(profile.EXTENDED_PROPERTIES)
    check(extended is not None, f"{profile.RELIABLE_CHARACTERISTIC} has no extended properties descriptor (0x2900)")
    assert extended is not None
    bits = await within(STEP_SECONDS, peer.read_value(extended), "extended properties")
    check(bits == profile.RELIABLE_WRITE_BIT, f"extended properties are {bits.hex()}, expected {profile.RELIABLE_WRITE_BIT.hex()}")
    step("descriptors", f"{profile.RELIABLE_CHARACTERISTIC} extended properties {bits.hex()} (reliable write)")
    return characteristics


async def read_and_check(peer: Peer, characteristic: CharacteristicProxy, expected: bytes, label: str) -> None:
    value = await within(STEP_SECONDS, peer.read_value(characteristic), f"read of {characteristic.uuid}")
    check(value == expected, f"{characteristic.uuid} read {hex_preview(value, 40)}, expected {hex_preview(expected, 40)}")
    step(label, f"{characteristic.uuid} ok ({len(value)} bytes: {hex_preview(value)})")


async def reliable_write(client: Client, handle: int, value: bytes) -> int:
    """Writes value with Prepare Write Requests (each echo checked) and one Execute Write Request; returns the number of parts."""
    part_size = client.mtu - 5
    parts = 0
    for offset in range(0, len(value), part_size):
        part = value[offset : offset + part_size]
        response = await client.send_request(
            att.ATT_Prepare_Write_Request(attribute_handle=handle, value_offset=offset, part_attribute_value=part)
        )
        problem = None
        if response is None:
            problem = f"no Prepare Write Response at offset {offset}"
        elif response.op_code == att.Opcode.ATT_ERROR_RESPONSE:
            problem = f"Prepare Write at offset {offset} refused: {att.ErrorCode(response.error_code).name}"
        elif (response.attribute_handle, response.value_offset, response.part_attribute_value) != (handle, offset, part):
            problem = (
                f"Prepare Write echo at offset {offset} differs: handle {response.attribute_handle:#06x} "
                f"offset {response.value_offset} value {response.part_attribute_value.hex()}"
            )
        if problem is not None:
            await client.send_request(att.ATT_Execute_Write_Request(flags=0x00))
            raise InteropFailure(problem)
        parts += 1
    response = await client.send_request(att.ATT_Execute_Write_Request(flags=0x01))
    check(response is not None, "no Execute Write Response")
    check(
        response.op_code == att.Opcode.ATT_EXECUTE_WRITE_RESPONSE,
        f"Execute Write refused: {response}",
    )
    return parts


async def receive(peer: Peer, characteristic: CharacteristicProxy, what: str) -> bytes:
    received: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def on_value(value: bytes) -> None:
        if not received.done():
            received.set_result(value)

    await within(STEP_SECONDS, peer.subscribe(characteristic, on_value, prefer_notify=what == "notification"), f"subscription to {characteristic.uuid}")
    return await within(STEP_SECONDS, received, f"a {what} on {characteristic.uuid}")


async def exercise(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, "InteropClient", args.address)
    just_works(device, secure_connections=True)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")
    step("power", f"client {device.random_address} on")

    await scan_for(device, args.target, None, STEP_SECONDS, require_scan_response=False)
    connection = await within(STEP_SECONDS, device.connect(args.target), f"connection to {args.target}")
    step("connect", f"ok (handle {connection.handle:#06x})")

    peer = Peer(connection)
    if args.mtu:
        mtu = await within(STEP_SECONDS, peer.request_mtu(args.mtu), "MTU exchange")
        step("mtu", f"ATT MTU {mtu}")

    await discover_everything(peer)
    characteristics = await check_database(peer)

    await read_and_check(peer, characteristics[profile.LONG_READ_CHARACTERISTIC], profile.LONG_VALUE, "read-long")
    await read_and_check(peer, characteristics[profile.INCLUDED_CHARACTERISTIC], profile.INCLUDED_VALUE, "read")
    await read_and_check(peer, characteristics[profile.UUID128_CHARACTERISTIC], profile.UUID128_VALUE, "read")

    writable = characteristics[profile.WRITABLE_CHARACTERISTIC]
    await within(STEP_SECONDS, peer.write_value(writable, profile.WRITE_VALUE, with_response=True), f"write to {writable.uuid}")
    step("write", f"{writable.uuid} <- {profile.WRITE_VALUE.hex()}")
    await read_and_check(peer, writable, profile.WRITE_VALUE, "read-back")

    reliable = characteristics[profile.RELIABLE_CHARACTERISTIC]
    parts = await within(STEP_SECONDS, reliable_write(peer.gatt_client, reliable.handle, profile.LONG_WRITE_VALUE), f"long write to {reliable.uuid}")
    step("long-write", f"{reliable.uuid} <- {len(profile.LONG_WRITE_VALUE)} bytes in {parts} prepared part(s), executed")
    await read_and_check(peer, reliable, profile.LONG_WRITE_VALUE, "read-back")

    notified = await receive(peer, characteristics[profile.NOTIFY_CHARACTERISTIC], "notification")
    check(notified == profile.NOTIFY_VALUE, f"notification {notified.hex()}, expected {profile.NOTIFY_VALUE.hex()}")
    step("notify", f"ok ({notified.hex()})")

    indicated = await receive(peer, characteristics[profile.INDICATE_CHARACTERISTIC], "indication")
    check(indicated == profile.INDICATE_VALUE, f"indication {indicated.hex()}, expected {profile.INDICATE_VALUE.hex()}")
    step("indicate", f"ok ({indicated.hex()}, confirmed)")

    if args.pair:
        await within(STEP_SECONDS, connection.pair(), "pairing")
        check(connection.is_encrypted, "the link is not encrypted after pairing")
        step("pair", f"ok ({'LE Secure Connections' if connection.sc else 'legacy'} Just Works, encrypted)")

    # Give the server's confirmation handling a round trip before leaving: one more read.
    await read_and_check(peer, writable, profile.WRITE_VALUE, "read")
    await disconnect_and_wait(connection, None, STEP_SECONDS)
    step("disconnect", "ok")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_arguments(parser)
    parser.add_argument("--target", type=peer_address, required=True, help="the server's address (random; suffix /P for public)")
    parser.add_argument(
        "--address", type=static_address, default=static_address(profile.CLIENT_ADDRESS),
        help=f"our static random address (default {profile.CLIENT_ADDRESS})",
    )
    parser.add_argument("--mtu", type=int, default=0, help="request this ATT MTU first (default: keep 23)")
    parser.add_argument("--pair", action="store_true", help="pair (Just Works, LE Secure Connections) before disconnecting")
    run(exercise, parser.parse_args())


if __name__ == "__main__":
    main()
