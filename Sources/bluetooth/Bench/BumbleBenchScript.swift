/// The Python program `bluetooth bench --against-bumble` runs: one of our workloads on Bumble's host, on the
/// controllers ours ran on, printed as one JSON line.
enum BumbleBenchScript {
    /// The program's source.
    static let source = #"""
        """Runs one workload of `bluetooth bench` on Bumble's host: a peripheral serving one echo characteristic
        and a central connected to it at ATT_MTU 517, each on its own H4 controller (the ones our host ran on).

            python3 bumble_bench.py --benchmark NAME --count N --central SPEC --peripheral SPEC

        SPEC is a Bumble transport, e.g. tcp-client:127.0.0.1:7000. Prints one JSON line: {"name", "operations",
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


        class Rig:
            """A peripheral serving one echo characteristic and a central connected to it at MTU 517."""

            def __init__(self, central_spec: str, peripheral_spec: str) -> None:
                self.specs = (central_spec, peripheral_spec)
                self.transports = []
                self.read_value = bytes([0x5A] * 20)
                self.writes = 0
                self.written = asyncio.Event()
                self.expected_writes = 0
                self.echo = Characteristic(
                    ECHO,
                    Characteristic.Properties.READ
                    | Characteristic.Properties.WRITE
                    | Characteristic.Properties.WRITE_WITHOUT_RESPONSE
                    | Characteristic.Properties.NOTIFY
                    | Characteristic.Properties.INDICATE,
                    Characteristic.READABLE | Characteristic.WRITEABLE,
                    CharacteristicValue(read=lambda _connection: self.read_value, write=self.on_write),
                )

            def on_write(self, _connection: object, _value: bytes) -> None:
                self.writes += 1
                if self.writes == self.expected_writes:
                    self.written.set()

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

            def expect_writes(self, count: int) -> None:
                self.writes = 0
                self.expected_writes = count
                self.written.clear()


        async def echo_proxy(peer: Peer):
            services = await peer.discover_service(SERVICE)
            characteristics = await peer.discover_characteristics([ECHO], services[0])
            return characteristics[0]


        async def discover(rig: Rig, name: str, count: int) -> None:
            peer = await rig.start()
            meter = Meter()
            for _ in range(count):
                await meter.round_trip(peer.discover_all)
            meter.report(name, count, 0)


        async def read(rig: Rig, name: str, count: int) -> None:
            proxy = await echo_proxy(await rig.start())
            meter = Meter()
            for _ in range(count):
                await meter.round_trip(proxy.read_value)
            meter.report(name, count, 20)


        async def write(rig: Rig, name: str, count: int) -> None:
            proxy = await echo_proxy(await rig.start())
            value = bytes([0xA5] * 20)
            meter = Meter()
            for _ in range(count):
                await meter.round_trip(lambda: proxy.write_value(value, with_response=True))
            meter.report(name, count, 20)


        async def updates(rig: Rig, name: str, count: int, wanted: int, indicate: bool) -> None:
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, wanted)
            value = bytes([0x3C] * size)
            received = 0
            done = asyncio.Event()

            def on_update(_value: bytes) -> None:
                nonlocal received
                received += 1
                if received == count:
                    done.set()

            meter = Meter()
            await proxy.subscribe(on_update, prefer_notify=not indicate)
            send = rig.peripheral.indicate_subscribers if indicate else rig.peripheral.notify_subscribers
            for _ in range(count):
                await send(rig.echo, value)
            await done.wait()
            meter.report(name, count, size)


        async def write_without_response(rig: Rig, name: str, count: int, wanted: int) -> None:
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, wanted)
            value = bytes([0x7E] * size)
            rig.expect_writes(count)
            meter = Meter()
            for _ in range(count):
                await proxy.write_value(value, with_response=False)
            await rig.written.wait()
            meter.report(name, count, size)


        async def channel(rig: Rig, name: str, count: int) -> None:
            peer = await rig.start()
            size = 512
            spec = LeCreditBasedChannelSpec(psm=0x0080, mtu=size, mps=247, max_credits=10)
            received = 0
            done = asyncio.Event()

            def on_channel(incoming: LeCreditBasedChannel) -> None:
                def on_sdu(sdu: bytes) -> None:
                    nonlocal received
                    received += 1
                    if received == count:
                        done.set()

                incoming.sink = on_sdu

            rig.peripheral.create_l2cap_server(spec, handler=on_channel)
            outgoing = await peer.connection.create_l2cap_channel(spec)
            sdu = bytes([0x6C] * min(size, outgoing.peer_mtu))
            meter = Meter()
            for _ in range(count):
                outgoing.write(sdu)
            await outgoing.drain()
            await done.wait()
            meter.report(name, count, len(sdu))


        BENCHMARKS = {
            "discover": discover,
            "read": read,
            "write": write,
            "write-without-response": lambda rig, name, count: write_without_response(rig, name, count, 512),
            "write-without-response-20": lambda rig, name, count: write_without_response(rig, name, count, 20),
            "notify": lambda rig, name, count: updates(rig, name, count, 512, indicate=False),
            "notify-20": lambda rig, name, count: updates(rig, name, count, 20, indicate=False),
            "indicate": lambda rig, name, count: updates(rig, name, count, 512, indicate=True),
            "indicate-20": lambda rig, name, count: updates(rig, name, count, 20, indicate=True),
            "l2cap-channel": channel,
        }


        async def main() -> None:
            parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
            parser.add_argument("--benchmark", choices=sorted(BENCHMARKS), required=True)
            parser.add_argument("--count", type=int, default=1000)
            parser.add_argument("--central", required=True, help="the central's controller, a Bumble transport spec")
            parser.add_argument("--peripheral", required=True, help="the peripheral's controller, a Bumble transport spec")
            arguments = parser.parse_args()
            logging.basicConfig(level=logging.ERROR)
            rig = Rig(arguments.central, arguments.peripheral)
            try:
                run = BENCHMARKS[arguments.benchmark](rig, arguments.benchmark, arguments.count)
                await asyncio.wait_for(run, timeout=600)
            finally:
                await rig.stop()


        if __name__ == "__main__":
            asyncio.run(main())
        """#
}
