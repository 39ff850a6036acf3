/// The Python program `bluetooth bench --against-bumble` runs: one of our workloads on Bumble's host, on the
/// controllers ours ran on, printed as one JSON line.
enum BumbleBenchScript {
    /// The program's source.
    static let source = #"""
        """Runs one workload of `bluetooth bench` on Bumble's host: a peripheral serving one echo characteristic
        and a central connected to it at ATT_MTU 517, each on its own H4 controller (the ones our host ran on).

            python3 bumble_bench.py --benchmark NAME --count N [--warm-up SECONDS] --central SPEC --peripheral SPEC

        SPEC is a Bumble transport, e.g. tcp-client:127.0.0.1:7000. The workload first runs untimed for SECONDS
        (default 0), as `bluetooth bench` warms our hosts up. Prints one JSON line: {"name", "operations",
        "bytesPerOperation", "seconds", "cpuSeconds" (this process's CPU time during the run), "latencies" (each
        round trip in seconds; empty for streams)}.
        """

        from __future__ import annotations

        import argparse
        import asyncio
        import json
        import logging
        import time

        from bumble.core import UUID
        from bumble.device import Device, Peer
        from bumble.gatt import Characteristic, CharacteristicValue, Service
        from bumble.hci import Address
        from bumble.l2cap import LeCreditBasedChannel, LeCreditBasedChannelSpec
        from bumble.transport import open_transport

        SERVICE = UUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
        ECHO = UUID("6E400002-B5A3-F393-E0A9-E50E24DCCA9E")


        class Meter:
            """Wall and CPU time of a run, and each round trip's latency."""

            def __init__(self) -> None:
                self.latencies: list[float] = []
                self.wall = time.perf_counter()
                self.cpu = time.process_time()

            async def round_trip(self, operation) -> None:
                begun = time.perf_counter()
                await operation()
                self.latencies.append(time.perf_counter() - begun)

            def report(self, name: str, operations: int, size: int) -> None:
                line = {
                    "name": name,
                    "operations": operations,
                    "bytesPerOperation": size,
                    "seconds": time.perf_counter() - self.wall,
                    "cpuSeconds": time.process_time() - self.cpu,
                    "latencies": self.latencies,
                }
                print(json.dumps(line), flush=True)


        class Arrivals:
            """Counts what arrives (values, writes, SDUs) and wakes the sender once all it expects has come."""

            def __init__(self) -> None:
                self.seen = 0
                self.wanted = 0
                self.reached = asyncio.Event()

            def arrived(self, *_arguments: object) -> None:
                self.seen += 1
                if self.seen >= self.wanted:
                    self.reached.set()

            def expect(self, more: int) -> None:
                self.wanted += more
                if self.seen < self.wanted:
                    self.reached.clear()

            async def wait(self) -> None:
                await self.reached.wait()


        class Rig:
            """A peripheral serving one echo characteristic and a central connected to it at MTU 517."""

            def __init__(self, central_spec: str, peripheral_spec: str) -> None:
                self.specs = (central_spec, peripheral_spec)
                self.transports = []
                self.read_value = bytes([0x5A] * 20)
                self.writes = Arrivals()
                self.echo = Characteristic(
                    ECHO,
                    Characteristic.Properties.READ
                    | Characteristic.Properties.WRITE
                    | Characteristic.Properties.WRITE_WITHOUT_RESPONSE
                    | Characteristic.Properties.NOTIFY
                    | Characteristic.Properties.INDICATE,
                    Characteristic.READABLE | Characteristic.WRITEABLE,
                    CharacteristicValue(read=lambda _connection: self.read_value, write=self.writes.arrived),
                )

            async def device(self, spec: str, name: str, address: str) -> Device:
                transport = await open_transport(spec)
                self.transports.append(transport)
                return Device.with_hci(name, Address(address), transport.source, transport.sink)

            async def start(self) -> Peer:
                self.central = await self.device(self.specs[0], "central", "F0:F1:F2:F3:F4:F6")
                self.peripheral = await self.device(self.specs[1], "peripheral", "F0:F1:F2:F3:F4:F5")
                self.peripheral.add_service(Service(SERVICE, [self.echo]))
                await self.peripheral.power_on()
                await self.central.power_on()
                await self.peripheral.start_advertising(auto_restart=False)
                connection = await self.central.connect(self.peripheral.random_address)
                peer = Peer(connection)
                await peer.request_mtu(517)
                return peer

            async def stop(self) -> None:
                for transport in self.transports:
                    await transport.close()


        async def echo_proxy(peer: Peer):
            services = await peer.discover_service(SERVICE)
            characteristics = await peer.discover_characteristics([ECHO], services[0])
            return characteristics[0]


        async def warm_up(seconds: float, chunk: int, operations) -> None:
            """Runs `operations(chunk)` until `seconds` have passed; nothing for 0."""
            if seconds <= 0:
                return
            end = time.perf_counter() + seconds
            while True:
                await operations(chunk)
                if time.perf_counter() >= end:
                    return


        async def round_trips(name: str, count: int, size: int, warm: float, operation) -> None:
            async def some(number: int) -> None:
                for _ in range(number):
                    await operation()

            await warm_up(warm, 10, some)
            meter = Meter()
            for _ in range(count):
                await meter.round_trip(operation)
            meter.report(name, count, size)


        async def timed_stream(name: str, count: int, size: int, warm: float, stream) -> None:
            """`stream(n)` sends n values and returns once all arrived."""
            await warm_up(warm, 500, stream)
            meter = Meter()
            await stream(count)
            meter.report(name, count, size)


        async def discover(rig: Rig, name: str, count: int, warm: float) -> None:
            peer = await rig.start()
            await round_trips(name, count, 0, warm, peer.discover_all)


        async def read(rig: Rig, name: str, count: int, warm: float) -> None:
            proxy = await echo_proxy(await rig.start())
            await round_trips(name, count, 20, warm, proxy.read_value)


        async def write(rig: Rig, name: str, count: int, warm: float) -> None:
            proxy = await echo_proxy(await rig.start())
            value = bytes([0xA5] * 20)
            await round_trips(name, count, 20, warm, lambda: proxy.write_value(value, with_response=True))


        async def updates(rig: Rig, name: str, count: int, warm: float, wanted: int, indicate: bool) -> None:
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, wanted)
            value = bytes([0x3C] * size)
            values = Arrivals()
            await proxy.subscribe(values.arrived, prefer_notify=not indicate)
            send = rig.peripheral.indicate_subscribers if indicate else rig.peripheral.notify_subscribers

            async def stream(number: int) -> None:
                values.expect(number)
                for _ in range(number):
                    await send(rig.echo, value)
                await values.wait()

            await timed_stream(name, count, size, warm, stream)


        async def write_without_response(rig: Rig, name: str, count: int, warm: float, wanted: int) -> None:
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, wanted)
            value = bytes([0x7E] * size)

            async def stream(number: int) -> None:
                rig.writes.expect(number)
                for _ in range(number):
                    await proxy.write_value(value, with_response=False)
                await rig.writes.wait()

            await timed_stream(name, count, size, warm, stream)


        async def channel(rig: Rig, name: str, count: int, warm: float) -> None:
            peer = await rig.start()
            size = 512
            spec = LeCreditBasedChannelSpec(psm=0x0080, mtu=size, mps=247, max_credits=10)
            sdus = Arrivals()

            def on_channel(incoming: LeCreditBasedChannel) -> None:
                incoming.sink = sdus.arrived

            rig.peripheral.create_l2cap_server(spec, handler=on_channel)
            outgoing = await peer.connection.create_l2cap_channel(spec)
            sdu = bytes([0x6C] * min(size, outgoing.peer_mtu))

            async def stream(number: int) -> None:
                sdus.expect(number)
                for _ in range(number):
                    outgoing.write(sdu)
                await outgoing.drain()
                await sdus.wait()

            await timed_stream(name, count, len(sdu), warm, stream)


        BENCHMARKS = {
            "discover": discover,
            "read": read,
            "write": write,
            "write-without-response": lambda rig, name, count, warm: write_without_response(rig, name, count, warm, 512),
            "write-without-response-20": lambda rig, name, count, warm: write_without_response(rig, name, count, warm, 20),
            "notify": lambda rig, name, count, warm: updates(rig, name, count, warm, 512, indicate=False),
            "notify-20": lambda rig, name, count, warm: updates(rig, name, count, warm, 20, indicate=False),
            "indicate": lambda rig, name, count, warm: updates(rig, name, count, warm, 512, indicate=True),
            "indicate-20": lambda rig, name, count, warm: updates(rig, name, count, warm, 20, indicate=True),
            "l2cap-channel": channel,
        }


        async def main() -> None:
            parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
            parser.add_argument("--benchmark", choices=sorted(BENCHMARKS), required=True)
            parser.add_argument("--count", type=int, default=1000)
            parser.add_argument("--warm-up", type=float, default=0.0, help="seconds to run untimed first")
            parser.add_argument("--central", required=True, help="the central's controller, a Bumble transport spec")
            parser.add_argument("--peripheral", required=True, help="the peripheral's controller, a Bumble transport spec")
            arguments = parser.parse_args()
            logging.basicConfig(level=logging.ERROR)
            rig = Rig(arguments.central, arguments.peripheral)
            try:
                run = BENCHMARKS[arguments.benchmark](rig, arguments.benchmark, arguments.count, arguments.warm_up)
                await asyncio.wait_for(run, timeout=600)
            finally:
                await rig.stop()


        if __name__ == "__main__":
            asyncio.run(main())
        """#
}
