/// The Python program `bluetooth bench --against-bumble` runs: one of our workloads on Bumble's host and virtual
/// controllers, printed as one JSON line.
enum BumbleBenchScript {
    /// The program's source.
    static let source = #"""
        """Runs one workload of `bluetooth bench` on Bumble: two Bumble hosts on two in-process virtual
        controllers joined by a LocalLink, a peripheral serving one echo characteristic and a central
        connected to it at ATT_MTU 517.

            python3 bumble_bench.py --benchmark NAME --count N

        Prints one JSON line: {"name", "operations", "bytesPerOperation", "seconds"}.
        """

        from __future__ import annotations

        import argparse
        import asyncio
        import json
        import logging
        import time

        from bumble.controller import Controller
        from bumble.core import UUID
        from bumble.device import Device, Peer
        from bumble.gatt import Characteristic, CharacteristicValue, Service
        from bumble.hci import Address
        from bumble.host import Host
        from bumble.link import LocalLink
        from bumble.transport.common import AsyncPipeSink

        SERVICE = UUID("6E400001-B5A3-F393-E0A9-E50E24DCCA9E")
        ECHO = UUID("6E400002-B5A3-F393-E0A9-E50E24DCCA9E")


        def make_device(link: LocalLink, name: str, address: str) -> Device:
            controller = Controller(name, link=link)
            host = Host(controller, AsyncPipeSink(controller))
            return Device(name, address=Address(address), host=host)


        def report(name: str, operations: int, size: int, seconds: float) -> None:
            line = {"name": name, "operations": operations, "bytesPerOperation": size, "seconds": seconds}
            print(json.dumps(line), flush=True)


        class Rig:
            """A peripheral serving one echo characteristic and a central connected to it at MTU 517."""

            def __init__(self) -> None:
                link = LocalLink()
                self.peripheral = make_device(link, "peripheral", "F0:F1:F2:F3:F4:F5")
                self.central = make_device(link, "central", "F0:F1:F2:F3:F4:F6")
                self.read_value = bytes([0x5A] * 20)
                self.writes = 0
                self.written = asyncio.Event()
                self.expected_writes = 0
                self.echo = Characteristic(
                    ECHO,
                    Characteristic.Properties.READ
                    | Characteristic.Properties.WRITE
                    | Characteristic.Properties.WRITE_WITHOUT_RESPONSE
                    | Characteristic.Properties.NOTIFY,
                    Characteristic.READABLE | Characteristic.WRITEABLE,
                    CharacteristicValue(read=lambda _connection: self.read_value, write=self.on_write),
                )
                self.peripheral.add_service(Service(SERVICE, [self.echo]))

            def on_write(self, _connection: object, _value: bytes) -> None:
                self.writes += 1
                if self.writes == self.expected_writes:
                    self.written.set()

            async def start(self) -> Peer:
                await self.peripheral.power_on()
                await self.central.power_on()
                await self.peripheral.start_advertising(auto_restart=False)
                connection = await self.central.connect(self.peripheral.random_address)
                peer = Peer(connection)
                await peer.request_mtu(517)
                return peer

            def expect_writes(self, count: int) -> None:
                self.writes = 0
                self.expected_writes = count
                self.written.clear()


        async def echo_proxy(peer: Peer):
            services = await peer.discover_service(SERVICE)
            characteristics = await peer.discover_characteristics([ECHO], services[0])
            return characteristics[0]


        async def discover(count: int) -> None:
            rig = Rig()
            peer = await rig.start()
            start = time.perf_counter()
            for _ in range(count):
                await peer.discover_all()
            report("discover", count, 0, time.perf_counter() - start)


        async def read(count: int) -> None:
            rig = Rig()
            proxy = await echo_proxy(await rig.start())
            start = time.perf_counter()
            for _ in range(count):
                await proxy.read_value()
            report("read", count, 20, time.perf_counter() - start)


        async def write(count: int) -> None:
            rig = Rig()
            proxy = await echo_proxy(await rig.start())
            value = bytes([0xA5] * 20)
            start = time.perf_counter()
            for _ in range(count):
                await proxy.write_value(value, with_response=True)
            report("write", count, 20, time.perf_counter() - start)


        async def notify(count: int) -> None:
            rig = Rig()
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, 512)
            value = bytes([0x3C] * size)
            received = 0
            done = asyncio.Event()

            def on_notification(_value: bytes) -> None:
                nonlocal received
                received += 1
                if received == count:
                    done.set()

            start = time.perf_counter()
            await proxy.subscribe(on_notification)
            for _ in range(count):
                await rig.peripheral.notify_subscribers(rig.echo, value)
            await done.wait()
            report("notify", count, size, time.perf_counter() - start)


        async def write_without_response(count: int) -> None:
            rig = Rig()
            peer = await rig.start()
            proxy = await echo_proxy(peer)
            size = min(peer.connection.att_mtu - 3, 512)
            value = bytes([0x7E] * size)
            rig.expect_writes(count)
            start = time.perf_counter()
            for _ in range(count):
                await proxy.write_value(value, with_response=False)
            await rig.written.wait()
            report("write-without-response", count, size, time.perf_counter() - start)


        BENCHMARKS = {
            "discover": discover,
            "read": read,
            "write": write,
            "notify": notify,
            "write-without-response": write_without_response,
        }


        async def main() -> None:
            parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
            parser.add_argument("--benchmark", choices=sorted(BENCHMARKS), required=True)
            parser.add_argument("--count", type=int, default=1000)
            arguments = parser.parse_args()
            logging.basicConfig(level=logging.ERROR)
            await asyncio.wait_for(BENCHMARKS[arguments.benchmark](arguments.count), timeout=600)


        if __name__ == "__main__":
            asyncio.run(main())
        """#
}
