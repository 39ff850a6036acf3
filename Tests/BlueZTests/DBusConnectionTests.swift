import CDBus
import Foundation
import Testing

@testable import BlueZ

/// Connections on a private `dbus-daemon` this test starts, standing in for the system bus: no bluetoothd is needed
/// to call the bus itself or to pass messages between two connections.
@Suite("D-Bus connection", .timeLimit(.minutes(1)))
struct DBusConnectionTests {
    @Test("a call made after the connection closed fails with BlueZError.closed, without touching the connection")
    func callAfterClose() async throws {
        let bus = try PrivateBus()
        let connection = try DBusConnection(address: bus.address)
        connection.start(onSignal: { _ in }, onMethodCall: { _ in })
        let listNames = { () async throws(BlueZError) -> [DBusValue] in
            try await connection.call(
                "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "ListNames")
        }
        #expect(try await listNames().first?.texts?.contains(connection.uniqueName) == true)
        connection.close()
        await #expect(throws: BlueZError.closed) { try await listNames() }
        #expect(connection.uniqueName == "")
    }

    @Test("a call answered from another thread than the dispatch thread gets that answer")
    func answeredFromAnotherThread() async throws {
        let bus = try PrivateBus()
        let server = try DBusConnection(address: bus.address)
        server.start(onSignal: { _ in }) { call in
            let text = call.arguments.first?.text ?? ""
            DispatchQueue.global().async {
                if let reply = call.methodReturn([.string("read " + text)]) { server.send(reply) }
            }
        }
        let client = try DBusConnection(address: bus.address)
        client.start(onSignal: { _ in }, onMethodCall: { _ in })
        defer {
            client.close()
            server.close()
        }
        for round in 0..<3 {
            let reply = try await client.call(
                server.uniqueName, path: "/characteristic", interface: "org.bluez.GattCharacteristic1",
                member: "ReadValue", arguments: [.string("\(round)")])
            #expect(reply == [.string("read \(round)")])
        }
    }

    @Test("signals sent from other threads arrive whole and in order, one too big for the socket to take at once too")
    func signalsFromOtherThreads() async throws {
        let bus = try PrivateBus()
        let (listener, received) = try await TestSignalListener.start(on: bus)
        let sender = try DBusConnection(address: bus.address)
        sender.start(onSignal: { _ in }, onMethodCall: { _ in })
        defer {
            sender.close()
            listener.close()
        }
        let big = [UInt8](repeating: 0x5A, count: 512 << 10)
        let values: [[DBusValue]] = [[.uint32(0)], [.bytes(big)], [.uint32(2)]]
        let api = sender.api
        DispatchQueue.global().async {
            for arguments in values {
                let signal = DBusMessage.signal(
                    api: api, path: "/test", interface: "org.corebluetooth.Test", member: "Value",
                    arguments: arguments)
                if let signal { sender.send(signal) }
            }
        }
        var arrived = 0
        for await arguments in received {
            #expect(arguments == values[arrived], "signal \(arrived) arrived changed")
            arrived += 1
            if arrived == values.count { break }
        }
    }

    @Test("what was sent right before closing goes out, a signal too big for the socket to take at once included")
    func sentBeforeClose() async throws {
        let bus = try PrivateBus()
        let (listener, received) = try await TestSignalListener.start(on: bus)
        defer { listener.close() }
        let sender = try DBusConnection(address: bus.address)
        sender.start(onSignal: { _ in }, onMethodCall: { _ in })
        // 1 MiB: several times what a Unix socket's buffer takes at once (208 KiB by default on Linux).
        let values: [[DBusValue]] = [[.bytes([UInt8](repeating: 0xA5, count: 1 << 20))], [.uint32(1)], [.uint32(2)]]
        for arguments in values {
            let signal = DBusMessage.signal(
                api: sender.api, path: "/test", interface: "org.corebluetooth.Test", member: "Value",
                arguments: arguments)
            if let signal { sender.send(signal) }
        }
        sender.close()
        var arrived = 0
        for await arguments in received {
            #expect(arguments == values[arrived], "signal \(arrived) arrived changed")
            arrived += 1
            if arrived == values.count { break }
        }
        #expect(arrived == values.count)
    }
}

/// A connection that hears the tests' signals (interface `org.corebluetooth.Test`), ready once `start` returns.
private enum TestSignalListener {
    static func start(on bus: PrivateBus) async throws -> (DBusConnection, AsyncStream<[DBusValue]>) {
        let (received, sink) = AsyncStream.makeStream(of: [DBusValue].self)
        let listener = try DBusConnection(address: bus.address)
        listener.addMatch("type='signal',interface='org.corebluetooth.Test'")
        listener.start(
            onSignal: { if $0.interface == "org.corebluetooth.Test" { sink.yield($0.arguments) } },
            onMethodCall: { _ in })
        _ = try await listener.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetId")
        return (listener, received)
    }
}

/// A `dbus-daemon` of the test's own, on a socket in /tmp, killed when the value goes.
private final class PrivateBus {
    /// The bus's D-Bus address, `unix:path=…`.
    let address: String
    private let daemon = Process()

    init() throws {
        try #require(cdbus_api() != nil, "libdbus-1.so.3 is not on this machine")
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        try #require(FileManager.default.isExecutableFile(atPath: daemon.executableURL!.path), "no dbus-daemon here")
        daemon.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
            throw BlueZError(name: "org.freedesktop.DBus.Error.Failed", message: "dbus-daemon gave no address")
        }
    }

    deinit {
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }
}
