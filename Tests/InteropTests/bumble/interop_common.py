"""Shared plumbing for the Bumble interop scripts in this directory (not a CLI).

Gives every script the same shape: progress lines "<step>: <message>" on stdout,
one "FAIL: ..." line on stderr and a non-zero exit status on failure, an overall
deadline so nothing can hang, and small helpers to open a Bumble host on an
H4 controller, scan for a peer and wait for events with bounded timeouts.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bumble import hci
from bumble.device import Advertisement, Connection, Device
from bumble.keys import MemoryKeyStore
from bumble.pairing import PairingConfig, PairingDelegate
from bumble.transport import open_transport
from bumble.transport.common import Transport

T = TypeVar("T")

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_TIMED_OUT = 2
EXIT_USAGE = 64

# How long a host's power-on may take: about twenty commands to the controller. Under the sanitizers, with the
# whole test suite starting at once, the test process serving our sim has taken more than 10 s to answer them.
POWER_ON_SECONDS = 30.0

_last_step = "start"


class InteropFailure(Exception):
    """A check failed; the message says which one and what was seen."""


def step(name: str, message: str) -> None:
    """Prints one progress line and remembers the step for timeout reports."""
    global _last_step
    _last_step = name
    print(f"{name}: {message}", flush=True)


def check(condition: bool, message: str) -> None:
    """Raises InteropFailure with message unless condition holds."""
    if not condition:
        raise InteropFailure(message)


def add_common_arguments(parser: argparse.ArgumentParser, timeout: float = 60.0) -> None:
    """Adds --controller, --timeout and --verbose to a script's parser."""
    parser.add_argument(
        "--controller",
        required=True,
        help="Bumble transport spec of an H4 controller, e.g. tcp-client:127.0.0.1:7001",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=timeout,
        help=f"overall deadline in seconds (default {timeout:g})",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="show Bumble's debug log on stderr"
    )


def unblock_termination_signals() -> None:
    """Unblocks SIGTERM and SIGINT, which children of `swift test` inherit blocked, so that they stop us."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})


def run(main: Callable[[argparse.Namespace], Awaitable[None]], args: argparse.Namespace) -> None:
    """Runs main(args) under the overall deadline and exits with the matching status."""
    unblock_termination_signals()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    status = asyncio.run(_guarded(main, args))
    sys.stdout.flush()
    sys.stderr.flush()
    # Leave at once: a wedged peer must not keep lingering transports alive.
    os._exit(status)


async def _guarded(main: Callable[[argparse.Namespace], Awaitable[None]], args: argparse.Namespace) -> int:
    try:
        await asyncio.wait_for(main(args), timeout=args.timeout)
    except InteropFailure as failure:
        print(f"FAIL: {_last_step}: {failure}", file=sys.stderr, flush=True)
        return EXIT_FAILED
    except (asyncio.TimeoutError, TimeoutError):
        print(
            f"FAIL: timed out after {args.timeout:g} s (last step: {_last_step})",
            file=sys.stderr,
            flush=True,
        )
        return EXIT_TIMED_OUT
    except Exception as error:  # noqa: BLE001 - every error must become a clear exit status
        traceback.print_exc(file=sys.stderr)
        print(
            f"FAIL: {_last_step}: {type(error).__name__}: {error}",
            file=sys.stderr,
            flush=True,
        )
        return EXIT_FAILED
    step("result", "PASS")
    return EXIT_OK


async def within(seconds: float, awaitable: Awaitable[T], what: str) -> T:
    """Awaits awaitable, turning a timeout into an InteropFailure naming what was awaited."""
    try:
        return await asyncio.wait_for(awaitable, timeout=seconds)
    except (asyncio.TimeoutError, TimeoutError) as error:
        raise InteropFailure(f"{what}: nothing within {seconds:g} s") from error


def static_address(text: str) -> hci.Address:
    """Parses a static random address and insists on its two top bits being set."""
    address = hci.Address(text, hci.Address.RANDOM_DEVICE_ADDRESS)
    if (address.address_bytes[5] & 0xC0) != 0xC0:
        raise argparse.ArgumentTypeError(
            f"{text} is not a static random address (the top two bits must be 1)"
        )
    return address


def peer_address(text: str) -> hci.Address:
    """Parses a peer's address: random unless it ends in /P (public)."""
    try:
        return hci.Address(text)
    except Exception as error:  # noqa: BLE001 - argparse wants its own error type
        raise argparse.ArgumentTypeError(f"{text} is not a Bluetooth address: {error}") from error


async def open_host(spec: str, name: str, address: hci.Address) -> tuple[Device, Transport]:
    """Opens spec and returns a Bumble device on it with a static random address (not yet powered on)."""
    try:
        transport = await open_transport(spec)
    except Exception as error:  # noqa: BLE001 - report the spec and the cause
        raise InteropFailure(f"cannot open controller {spec}: {error}") from error
    device = Device.with_hci(name, address, transport.source, transport.sink)
    device.keystore = MemoryKeyStore()
    return device, transport


def just_works(device: Device, secure_connections: bool) -> None:
    """Makes device answer and start pairing as Just Works with bonding."""
    device.pairing_config_factory = lambda _connection: PairingConfig(
        sc=secure_connections,
        mitm=False,
        bonding=True,
        delegate=PairingDelegate(
            io_capability=PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT
        ),
    )


class ScanResult:
    """What a scan saw of one advertiser."""

    def __init__(self) -> None:
        self.advertisement: Advertisement | None = None
        self.scan_response: Advertisement | None = None
        self.found = asyncio.get_running_loop().create_future()
        self.named_scan_response = asyncio.get_running_loop().create_future()


async def scan_for(
    device: Device,
    target: hci.Address,
    name: str | None,
    seconds: float,
    require_scan_response: bool,
) -> ScanResult:
    """Actively scans until target is seen (and, if required, its scan response carrying name)."""
    result = ScanResult()

    def on_advertisement(advertisement: Advertisement) -> None:
        if advertisement.address != target:
            return
        if result.advertisement is None:
            result.advertisement = advertisement
        if not result.found.done():
            result.found.set_result(None)
        if advertisement.is_scan_response:
            result.scan_response = advertisement
            local_name = advertisement.data.get(
                advertisement.data.COMPLETE_LOCAL_NAME
            )
            if name is not None and local_name == name and not result.named_scan_response.done():
                result.named_scan_response.set_result(None)

    device.on(device.EVENT_ADVERTISEMENT, on_advertisement)
    try:
        step("scan", f"active scan for {target}")
        await device.start_scanning(active=True, filter_duplicates=False)
        await within(seconds, result.found, f"an advertisement from {target}")
        advertisement = result.advertisement
        assert advertisement is not None
        step(
            "scan",
            f"found {advertisement.address} rssi={advertisement.rssi} "
            f"connectable={advertisement.is_connectable} data={advertisement.data}",
        )
        if require_scan_response:
            try:
                await within(seconds, result.named_scan_response, "scan response")
            except InteropFailure as failure:
                seen = result.scan_response
                detail = "no scan response at all" if seen is None else f"last scan response data: {seen.data}"
                raise InteropFailure(
                    f"no scan response carrying the name {name!r} from {target} within {seconds:g} s ({detail})"
                ) from failure
    finally:
        device.remove_listener(device.EVENT_ADVERTISEMENT, on_advertisement)
        if device.is_scanning:
            await device.stop_scanning()
    return result


def event_future(emitter: Any, event: str) -> asyncio.Future[Any]:
    """Returns a future resolved with the first emission of event (its first argument, if any)."""
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

    def on_event(*values: Any) -> None:
        if not future.done():
            future.set_result(values[0] if values else None)

    emitter.once(event, on_event)
    return future


async def disconnect_and_wait(
    connection: Connection, peer_disconnected: asyncio.Future[Any] | None, seconds: float
) -> None:
    """Disconnects connection and waits for both ends to report it."""
    await within(seconds, connection.disconnect(), "Disconnection Complete on our side")
    if peer_disconnected is not None:
        await within(seconds, peer_disconnected, "Disconnection Complete on the peer's side")


def hex_preview(value: bytes, limit: int = 16) -> str:
    """Shows the first bytes of value as hex, with its length when cut."""
    if len(value) <= limit:
        return value.hex()
    return f"{value[:limit].hex()}... ({len(value)} bytes)"
