"""Two Bumble hosts on one controller server (our `bluetooth sim --air timed`) time GATT reads per interval.

    python3 timed_reads.py --controller tcp-client:127.0.0.1:PORT [--intervals 15 60] [--reads 10]
                           [--timeout 120] [--verbose]

A Bumble peripheral serves one readable characteristic and advertises; a Bumble central connects with
each connection interval in turn (in milliseconds, as Bumble negotiates it), reads the value --reads
times, each at a random point of the interval, and prints the mean read round trip in milliseconds and
in connection intervals, then disconnects. One line per step; exit status 0 when every read succeeded.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from bumble import hci
from bumble.core import UUID
from bumble.device import ConnectionParametersPreferences, Peer
from bumble.gatt import Characteristic, Service

from interop_common import (
    POWER_ON_SECONDS,
    add_common_arguments,
    check,
    event_future,
    open_host,
    run,
    static_address,
    step,
    within,
)

SERVICE = UUID("FFC0")
VALUE = UUID("FFC1")
PERIPHERAL = "C0:DE:C0:FF:EE:31"
CENTRAL = "C0:DE:C0:FF:EE:32"


async def main(args: argparse.Namespace) -> None:
    peripheral, _ = await open_host(args.controller, "Timed peripheral", static_address(PERIPHERAL))
    central, _ = await open_host(args.controller, "Timed central", static_address(CENTRAL))
    peripheral.add_service(
        Service(SERVICE, [Characteristic(VALUE, Characteristic.Properties.READ, Characteristic.READABLE, bytes(20))])
    )
    await within(POWER_ON_SECONDS, peripheral.power_on(), "peripheral power-on")
    await within(POWER_ON_SECONDS, central.power_on(), "central power-on")
    for interval in args.intervals:
        await peripheral.start_advertising(auto_restart=False)
        preferences = ConnectionParametersPreferences(
            connection_interval_min=interval, connection_interval_max=interval, supervision_timeout=6000
        )
        connection = await within(
            10,
            central.connect(
                static_address(PERIPHERAL), connection_parameters_preferences={hci.HCI_LE_1M_PHY: preferences}
            ),
            "connection",
        )
        negotiated = connection.parameters.connection_interval
        step("connect", f"asked {interval} ms, negotiated {negotiated} ms")
        peer = Peer(connection)
        await within(30, peer.discover_services(), "service discovery")
        services = peer.get_services_by_uuid(SERVICE)
        check(len(services) == 1, f"service {SERVICE} found {len(services)} times")
        await within(30, services[0].discover_characteristics(), "characteristic discovery")
        characteristics = services[0].get_characteristics_by_uuid(VALUE)
        check(len(characteristics) == 1, f"characteristic {VALUE} found {len(characteristics)} times")
        trips = []
        for _ in range(args.reads):
            await asyncio.sleep(random.uniform(0, negotiated / 1000))
            start = time.monotonic()
            value = await within(10, characteristic_read(characteristics[0]), "read")
            trips.append(time.monotonic() - start)
            check(len(value) == 20, f"read {len(value)} octets, expected 20")
        mean = sum(trips) / len(trips)
        step(
            "reads",
            f"interval {negotiated} ms: read round trip {mean * 1000:.1f} ms = {mean * 1000 / negotiated:.2f} intervals "
            f"(min {min(trips) * 1000 / negotiated:.2f}, max {max(trips) * 1000 / negotiated:.2f})",
        )
        gone = event_future(connection, "disconnection")
        await within(10, connection.disconnect(), "disconnection")
        await within(10, gone, "disconnection event")
    step("done", "every read succeeded")


async def characteristic_read(characteristic) -> bytes:
    return bytes(await characteristic.read_value())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    add_common_arguments(parser, timeout=120.0)
    parser.add_argument("--intervals", type=float, nargs="+", default=[15.0, 60.0])
    parser.add_argument("--reads", type=int, default=10)
    run(main, parser.parse_args())
