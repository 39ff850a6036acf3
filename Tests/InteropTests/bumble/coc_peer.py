"""A Bumble peer for LE credit-based L2CAP channels: an echoing server, or a client checking an echo.

    python3 coc_peer.py serve --controller tcp-client:127.0.0.1:PORT --psm PSM --expect BYTES
                              [--address C0:DE:C0:FF:EE:01] [--name L2CAPEcho]
                              [--mtu N] [--mps N] [--credits N] [--timeout 60] [--verbose]
    python3 coc_peer.py connect --controller tcp-client:127.0.0.1:PORT (--name NAME | --target ADDRESS)
                                [--psm PSM] --size BYTES [--pair-when-refused] [--address C0:DE:C0:FF:EE:02]
                                [--mtu N] [--mps N] [--credits N] [--timeout 60] [--verbose]

serve advertises --name (legacy, connectable) from a static random address,
serves the PSM little-endian in Apple's L2CAP PSM characteristic
(ABDD3056-28FA-441D-A470-55A75A52553A, in service PSM_SERVICE), accepts LE
credit-based channels on --psm and echoes every SDU back. It exits 0 only if
one channel carried exactly --expect bytes equal to pattern(--expect, SEED_UP),
every byte was echoed, and the peer then closed the channel or the link (it
exits then, without waiting for the link to go down).

connect scans for --name (or --target), connects, takes the PSM from --psm or
reads it from the PSM characteristic, opens a channel, writes
pattern(--size, SEED_UP) (far larger than any MTU), and exits 0 only if exactly
the same bytes come back; it then closes the channel and disconnects. With
--pair-when-refused the first request on the unencrypted link must be refused
for security (Insufficient Authentication, Authorization, Key Size or
Encryption); it then pairs (Just Works, LE Secure Connections) and asks again.

Both roles print one line per event. --mtu, --mps and --credits set Bumble's
side of the channel (defaults: Bumble's, 2048/2048/256).
"""

from __future__ import annotations

import argparse
import asyncio
import struct

from bumble import data_types
from bumble.core import UUID, AdvertisingData
from bumble.device import Advertisement, Connection, Device, Peer
from bumble.gatt import Characteristic, Service
from bumble.hci import Address
from bumble.l2cap import L2capError, LeCreditBasedChannel, LeCreditBasedChannelSpec

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
    static_address,
    step,
    within,
)

STEP_SECONDS = 10.0
SERVER_NAME = "L2CAPEcho"
SERVER_ADDRESS = "C0:DE:C0:FF:EE:01"
CLIENT_ADDRESS = "C0:DE:C0:FF:EE:02"
PSM_SERVICE = UUID("7D0B0000-5E2A-4C1B-9F3E-1A2B3C4D5E60")
PSM_CHARACTERISTIC = UUID("ABDD3056-28FA-441D-A470-55A75A52553A")
SEED_UP = 1
# LE Credit Based Connection Response results asking for security (Core Vol 3, Part A, 4.23).
SECURITY_REFUSALS = {0x0005, 0x0006, 0x0007, 0x0008}


def pattern(count: int, seed: int) -> bytes:
    """count bytes that repeat with no short period (the Swift tests' Data.pattern)."""
    return bytes((i * 7 + i // 251 + seed) & 0xFF for i in range(count))


def channel_spec(args: argparse.Namespace, psm: int | None) -> LeCreditBasedChannelSpec:
    spec = LeCreditBasedChannelSpec(psm=psm)
    if args.mtu is not None:
        spec.mtu = args.mtu
    if args.mps is not None:
        spec.mps = args.mps
    if args.credits is not None:
        spec.max_credits = args.credits
    spec.__post_init__()
    return spec


def describe(channel: LeCreditBasedChannel) -> str:
    return (
        f"psm {channel.psm:#06x} cid {channel.source_cid:#06x}->{channel.destination_cid:#06x} "
        f"mtu {channel.mtu}/{channel.peer_mtu} mps {channel.mps}/{channel.peer_mps} "
        f"credits {channel.credits}/{channel.peer_credits}"
    )


class EchoServer:
    """Echoes what one channel carries and checks it against the expected payload."""

    def __init__(self, expected: bytes) -> None:
        self.expected = expected
        self.received = bytearray()
        self.sdus = 0
        self.largest_sdu = 0
        self.channels = 0
        self.done = asyncio.get_running_loop().create_future()
        self.closed = asyncio.get_running_loop().create_future()
        self.channel: LeCreditBasedChannel | None = None

    def on_channel(self, channel: LeCreditBasedChannel) -> None:
        self.channels += 1
        step("channel", f"opened: {describe(channel)}")
        if self.channel is not None:
            self.fail(f"a second channel opened ({describe(channel)})")
            return
        self.channel = channel
        channel.on(channel.EVENT_CLOSE, self.on_close)

        def on_sdu(sdu: bytes) -> None:
            self.sdus += 1
            self.largest_sdu = max(self.largest_sdu, len(sdu))
            offset = len(self.received)
            self.received += sdu
            if len(self.received) > len(self.expected):
                self.fail(f"received {len(self.received)} bytes, more than the {len(self.expected)} expected")
                return
            if bytes(self.received[offset:]) != self.expected[offset : len(self.received)]:
                self.fail(f"bytes {offset}..{len(self.received)} differ: got {hex_preview(sdu)}")
                return
            channel.write(sdu)
            if len(self.received) == len(self.expected) and not self.done.done():
                step("receive", f"all {len(self.received)} bytes in {self.sdus} SDUs (largest {self.largest_sdu}), echoed")
                self.done.set_result(None)

        channel.sink = on_sdu

    def on_close(self) -> None:
        step("channel", f"closed after {len(self.received)} bytes")
        if not self.closed.done():
            self.closed.set_result(None)

    def fail(self, message: str) -> None:
        step("check", f"FAILED: {message}")
        if not self.done.done():
            self.done.set_exception(InteropFailure(message))


async def serve(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, args.name, args.address)
    device.add_services(
        [
            Service(
                PSM_SERVICE,
                [
                    Characteristic(
                        PSM_CHARACTERISTIC,
                        Characteristic.Properties.READ,
                        Characteristic.READABLE,
                        struct.pack("<H", args.psm),
                    )
                ],
            )
        ]
    )
    server = EchoServer(pattern(args.expect, SEED_UP))
    device.create_l2cap_server(channel_spec(args, args.psm), handler=server.on_channel)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")

    connected = event_future(device, device.EVENT_CONNECTION)
    advertising_data = bytes(
        AdvertisingData(
            [
                data_types.Flags(AdvertisingData.Flags.LE_GENERAL_DISCOVERABLE_MODE | AdvertisingData.Flags.BR_EDR_NOT_SUPPORTED),
                data_types.CompleteLocalName(args.name),
            ]
        )
    )
    await within(STEP_SECONDS, device.start_advertising(advertising_data=advertising_data), "start advertising")
    step("advertise", f"{args.name} at {device.random_address}, PSM {args.psm:#06x} ({args.psm})")

    connection: Connection = await connected
    step("connect", f"from {connection.peer_address} (handle {connection.handle:#06x})")
    disconnected = event_future(connection, connection.EVENT_DISCONNECTION)

    gone = asyncio.ensure_future(asyncio.wait([server.closed, disconnected], return_when=asyncio.FIRST_COMPLETED))
    await asyncio.wait([server.done, gone], return_when=asyncio.FIRST_COMPLETED)
    check(server.channel is not None, "the link went down before any channel opened")
    if not server.done.done():
        raise InteropFailure(f"the channel ended after {len(server.received)} of {len(server.expected)} bytes")
    server.done.result()
    await within(STEP_SECONDS, gone, "the peer closing the channel or the link")
    check(server.channels == 1, f"{server.channels} channels opened")
    ending = "closed the channel" if server.closed.done() else f"disconnected (reason {disconnected.result():#04x})"
    step("checks", f"{len(server.expected)} bytes received intact and echoed on one channel; the peer {ending}")


async def find_by_name(device: Device, name: str) -> Address:
    found: asyncio.Future[Address] = asyncio.get_running_loop().create_future()

    def on_advertisement(advertisement: Advertisement) -> None:
        if advertisement.data.get(AdvertisingData.COMPLETE_LOCAL_NAME) == name and not found.done():
            found.set_result(advertisement.address)

    device.on(device.EVENT_ADVERTISEMENT, on_advertisement)
    await device.start_scanning(active=True)
    address = await within(STEP_SECONDS, found, f"an advertiser named {name!r}")
    await device.stop_scanning()
    step("scan", f"{name!r} is {address}")
    return address


async def read_psm(connection: Connection) -> int:
    peer = Peer(connection)
    await within(STEP_SECONDS, peer.discover_services(), "service discovery")
    for service in peer.services:
        await within(STEP_SECONDS, peer.discover_characteristics(service=service), f"characteristics of {service.uuid}")
    found = peer.get_characteristics_by_uuid(PSM_CHARACTERISTIC)
    check(len(found) == 1, f"the L2CAP PSM characteristic {PSM_CHARACTERISTIC} found {len(found)} times")
    value = await within(STEP_SECONDS, peer.read_value(found[0]), "PSM characteristic read")
    check(len(value) == 2, f"the PSM characteristic holds {value.hex()}, not a little-endian UInt16")
    psm = struct.unpack("<H", value)[0]
    step("psm", f"read {psm:#06x} ({psm}) from {PSM_CHARACTERISTIC}")
    return psm


async def connect(args: argparse.Namespace) -> None:
    device, _ = await open_host(args.controller, "CoCClient", args.address)
    await within(POWER_ON_SECONDS, device.power_on(), "power on")
    target = args.target if args.target is not None else await find_by_name(device, args.name)
    connection = await within(STEP_SECONDS, device.connect(target), f"connection to {target}")
    step("connect", f"ok (handle {connection.handle:#06x})")
    disconnected = event_future(connection, connection.EVENT_DISCONNECTION)

    psm = args.psm if args.psm is not None else await read_psm(connection)
    if args.pair_when_refused:
        just_works(device, secure_connections=True)
        try:
            refused = await within(STEP_SECONDS, connection.create_l2cap_channel(channel_spec(args, psm)), f"a channel to PSM {psm:#06x}")
        except L2capError as error:
            check(error.error_code in SECURITY_REFUSALS, f"the unencrypted request was refused with {error}, not for security")
            step("channel", f"refused on the unencrypted link: {error.error_name} ({error.error_code:#06x})")
        else:
            raise InteropFailure(f"a channel opened on an unencrypted link: {describe(refused)}")
        await within(STEP_SECONDS, connection.pair(), "pairing")
        step("pair", f"ok ({'LE Secure Connections' if connection.sc else 'legacy'}), encrypted={connection.is_encrypted}")
    channel = await within(STEP_SECONDS, connection.create_l2cap_channel(channel_spec(args, psm)), f"a channel to PSM {psm:#06x}")
    step("channel", f"opened: {describe(channel)}")
    check(channel.peer_mtu >= 23 and channel.peer_mps >= 23, f"the peer's MTU/MPS {channel.peer_mtu}/{channel.peer_mps} are below 23")

    payload = pattern(args.size, SEED_UP)
    echoed = bytearray()
    sdus = 0
    complete: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    closed = event_future(channel, channel.EVENT_CLOSE)

    def on_sdu(sdu: bytes) -> None:
        nonlocal sdus
        sdus += 1
        echoed.extend(sdu)
        if len(echoed) >= len(payload) and not complete.done():
            complete.set_result(None)

    channel.sink = on_sdu
    channel.write(payload)
    step("send", f"{len(payload)} bytes written (peer MTU {channel.peer_mtu})")
    await within(args.timeout, asyncio.wait([complete, closed, disconnected], return_when=asyncio.FIRST_COMPLETED), "the echo")
    check(len(echoed) == len(payload), f"{len(echoed)} of {len(payload)} bytes came back before the channel or link ended")
    if bytes(echoed) != payload:
        first = next(i for i, (a, b) in enumerate(zip(echoed, payload)) if a != b)
        raise InteropFailure(f"the echo differs from byte {first}: {hex_preview(bytes(echoed[first:]))}")
    step("receive", f"echo of all {len(echoed)} bytes in {sdus} SDUs, intact")

    await within(STEP_SECONDS, channel.disconnect(), "channel disconnection")
    step("channel", "closed")
    await within(STEP_SECONDS, connection.disconnect(), "Disconnection Complete")
    step("disconnect", "ok")


def add_channel_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mtu", type=int, help="our channel MTU (Bumble's default 2048)")
    parser.add_argument("--mps", type=int, help="our channel MPS (Bumble's default 2048)")
    parser.add_argument("--credits", type=int, help="credits we grant (Bumble's default 256)")


def psm_value(text: str) -> int:
    value = int(text, 0)
    if not 0x0001 <= value <= 0x00FF:
        raise argparse.ArgumentTypeError(f"{text} is not an LE SPSM (1 to 255)")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    roles = parser.add_subparsers(dest="role", required=True)

    server = roles.add_parser("serve", help="advertise, publish --psm and echo every SDU")
    add_common_arguments(server)
    add_channel_arguments(server)
    server.add_argument("--psm", type=psm_value, required=True, help="the SPSM to accept channels on")
    server.add_argument("--expect", type=int, required=True, help="the bytes the client must send")
    server.add_argument("--name", default=SERVER_NAME, help=f"complete local name to advertise (default {SERVER_NAME})")
    server.add_argument(
        "--address", type=static_address, default=static_address(SERVER_ADDRESS),
        help=f"static random address to advertise from (default {SERVER_ADDRESS})",
    )
    server.set_defaults(main=serve)

    client = roles.add_parser("connect", help="connect, open a channel and check the echo")
    add_common_arguments(client)
    add_channel_arguments(client)
    which = client.add_mutually_exclusive_group(required=True)
    which.add_argument("--name", help="the peripheral's complete local name")
    which.add_argument("--target", type=peer_address, help="the peripheral's address")
    client.add_argument("--psm", type=psm_value, help="the SPSM to open (default: read the PSM characteristic)")
    client.add_argument("--size", type=int, required=True, help="bytes to send and expect back")
    client.add_argument(
        "--pair-when-refused", action="store_true",
        help="require the first request to be refused for security, then pair (Just Works) and open again",
    )
    client.add_argument(
        "--address", type=static_address, default=static_address(CLIENT_ADDRESS),
        help=f"our static random address (default {CLIENT_ADDRESS})",
    )
    client.set_defaults(main=connect)

    args = parser.parse_args()
    run(args.main, args)


if __name__ == "__main__":
    main()
