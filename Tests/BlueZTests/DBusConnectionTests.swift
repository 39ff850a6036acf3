import CDBus
import Foundation
import Testing

@testable import BlueZ

/// A connection on a private `dbus-daemon` this test starts, standing in for the system bus: no bluetoothd is needed
/// to call the bus itself.
@Suite("D-Bus connection", .timeLimit(.minutes(1)))
struct DBusConnectionTests {
    @Test("a call made after the connection closed fails with BlueZError.closed, without touching the connection")
    func callAfterClose() async throws {
        try #require(cdbus_api() != nil, "libdbus-1.so.3 is not on this machine")
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        try #require(FileManager.default.isExecutableFile(atPath: daemon.executableURL!.path), "no dbus-daemon here")
        daemon.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:tmpdir=/tmp"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        let address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(address.hasPrefix("unix:"))

        let connection = try DBusConnection(address: address)
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
}
