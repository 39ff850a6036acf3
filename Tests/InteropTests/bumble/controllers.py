"""Serves Bumble virtual controllers on one shared link, a fresh controller per TCP client.

    python3 controllers.py --port-file FILE [--count N] [--host 127.0.0.1]
                           [--max-lifetime SECONDS] [--watch-stdin] [--verbose]

Listens on N OS-chosen TCP ports (default 1) and, once listening, writes
{"host": "127.0.0.1", "ports": [...]} to FILE (atomically). Every client that
connects to any of the ports gets its own new bumble.controller.Controller
speaking H4, attached to one shared LocalLink; when the client leaves, its
controller leaves the link and its peers see their links drop (reason 0x08).
Link-layer PDUs addressed to a controller that has left are dropped instead of
raising. Runs until SIGTERM/SIGINT (exit 0), until stdin closes when
--watch-stdin is given (exit 0), or until --max-lifetime runs out (exit 3).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from typing import Any

from bumble import core, hci
from bumble.controller import Controller
from bumble.link import LocalLink
from bumble.transport.common import PacketParser

logger = logging.getLogger("controllers")

EXIT_LIFETIME_EXCEEDED = 3
CONNECTION_TIMEOUT = hci.HCI_ErrorCode.CONNECTION_TIMEOUT_ERROR


def say(message: str) -> None:
    print(message, flush=True)


class TolerantLink(LocalLink):
    """A LocalLink that drops PDUs for controllers that are gone and lets controllers leave cleanly."""

    def send_ll_control_pdu(self, sender_address: hci.Address, receiver_address: hci.Address, packet: Any) -> None:
        if self.find_le_controller(receiver_address) is None:
            logger.info("dropping LL control PDU %s for departed %s", packet, receiver_address)
            return
        super().send_ll_control_pdu(sender_address, receiver_address, packet)

    def send_lmp_packet(self, sender_controller: Controller, receiver_address: hci.Address, packet: Any) -> None:
        if self.find_classic_controller(receiver_address) is None:
            logger.info("dropping LMP packet %s for departed %s", packet, receiver_address)
            return
        super().send_lmp_packet(sender_controller, receiver_address, packet)

    def detach(self, controller: Controller) -> None:
        """Takes controller off the link; its LE peers get Disconnection Complete (connection timeout)."""
        controller.le_legacy_advertiser.stop()
        for advertising_set in controller.advertising_sets.values():
            advertising_set.stop()
        if controller in self.controllers:
            self.remove_controller(controller)
        for connection in list(controller.le_connections.values()):
            peer = self.find_le_controller(connection.peer_address)
            if peer is None:
                continue
            peer_connection = peer.le_connections.get(connection.self_address)
            if peer_connection is not None:
                peer.on_le_disconnected(peer_connection, CONNECTION_TIMEOUT)
        # Anything still queued for the departed controller now goes nowhere.
        controller.link = LocalLink()
        controller.host = None


class ControllerSession(asyncio.Protocol):
    """One TCP client: an H4 byte stream in both directions, bound to a fresh controller."""

    def __init__(self, launcher: Launcher, port: int) -> None:
        self.launcher = launcher
        self.port = port
        self.transport: asyncio.Transport | None = None
        self.parser = PacketParser()
        self.controller: Controller | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        name = self.launcher.next_name()
        self.controller = Controller(
            name, host_source=self.parser, host_sink=self, link=self.launcher.link
        )
        self.launcher.sessions.add(self)
        say(f"client: {name} connected on port {self.port} from {transport.get_extra_info('peername')}")

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except core.InvalidPacketError as error:
            say(f"client: {self.name} sent a malformed H4 stream ({error}); closing it")
            if self.transport is not None:
                self.transport.close()

    def on_packet(self, packet: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(packet)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        self.launcher.sessions.discard(self)
        if self.controller is not None:
            self.launcher.link.detach(self.controller)
        say(f"client: {self.name} left" + (f" ({exc})" if exc else ""))

    @property
    def name(self) -> str:
        return self.controller.name if self.controller is not None else "?"

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class Launcher:
    """Owns the shared link, the listening servers and the live sessions."""

    def __init__(self) -> None:
        self.link = TolerantLink()
        self.sessions: set[ControllerSession] = set()
        self.servers: list[asyncio.Server] = []
        self.counter = 0

    def next_name(self) -> str:
        self.counter += 1
        return f"C{self.counter}"

    async def listen(self, host: str, count: int) -> list[int]:
        loop = asyncio.get_running_loop()
        ports = []
        for _ in range(count):
            holder: dict[str, int] = {}
            server = await loop.create_server(
                lambda holder=holder: ControllerSession(self, holder["port"]), host=host, port=0
            )
            holder["port"] = server.sockets[0].getsockname()[1]
            self.servers.append(server)
            ports.append(holder["port"])
        return ports

    async def close(self) -> None:
        for server in self.servers:
            server.close()
        for session in list(self.sessions):
            session.close()
        for server in self.servers:
            await server.wait_closed()


def write_port_file(path: str, host: str, ports: list[int]) -> None:
    temporary = f"{path}.tmp{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as file:
        json.dump({"host": host, "ports": ports}, file)
        file.write("\n")
    os.replace(temporary, path)


async def watch_stdin(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while await reader.read(4096):
        pass
    say("stop: stdin closed")
    stop.set()


async def serve(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(
            signal_number, lambda number=signal_number: (say(f"stop: {signal.Signals(number).name}"), stop.set())
        )

    launcher = Launcher()
    ports = await launcher.listen(args.host, args.count)
    for port in ports:
        say(f"listening: {args.host}:{port}")
    write_port_file(args.port_file, args.host, ports)
    say(f"ready: wrote {args.port_file}")

    watcher = asyncio.create_task(watch_stdin(stop)) if args.watch_stdin else None
    status = 0
    try:
        await asyncio.wait_for(stop.wait(), timeout=args.max_lifetime)
    except (asyncio.TimeoutError, TimeoutError):
        print(f"FAIL: max lifetime of {args.max_lifetime:g} s reached without SIGTERM", file=sys.stderr, flush=True)
        status = EXIT_LIFETIME_EXCEEDED
    # A second stop request during shutdown must not turn a clean exit into death by signal.
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.remove_signal_handler(signal_number)
        signal.signal(signal_number, signal.SIG_IGN)
    if watcher is not None:
        watcher.cancel()
    await launcher.close()
    say("stopped")
    return status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file", required=True, help="where to write the chosen ports as JSON")
    parser.add_argument("--count", type=int, default=1, help="number of listening ports (default 1)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument(
        "--max-lifetime", type=float, default=600.0, help="exit 3 after this many seconds (default 600)"
    )
    parser.add_argument("--watch-stdin", action="store_true", help="exit when stdin reaches end of file")
    parser.add_argument("--verbose", action="store_true", help="show Bumble's debug log on stderr")
    args = parser.parse_args()
    # Children of `swift test` inherit SIGTERM and SIGINT blocked; without this they could not stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if args.count < 1:
        parser.error("--count must be at least 1")

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    sys.exit(asyncio.run(serve(args)))


if __name__ == "__main__":
    main()
