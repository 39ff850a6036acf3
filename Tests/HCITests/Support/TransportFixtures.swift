import Foundation
import Glibc
import Testing

@testable import HCI

/// Packets and helpers shared by the transport tests.
enum TransportFixtures {
    static let reset = HCIPacket.command(HCICommandPacket(ResetCommand()))

    static let resetComplete = HCIPacket.event(
        HCIEventPacket(
            CommandCompleteEvent(
                numHCICommandPackets: 1, answering: ResetCommand.self, returning: EmptyReturnParameters())))

    static let aclData = HCIPacket.acl(
        ACLDataPacket(
            handle: ConnectionHandle(rawValue: 0x0040), boundary: .firstFlushable,
            data: [0x05, 0x00, 0x04, 0x00, 0x0A, 0x03, 0x00, 0x01, 0x02]))

    /// `count` packets of every kind and many sizes, each distinct, in a fixed order.
    static func varied(count: Int) -> [HCIPacket] {
        (0..<count).map { index in
            let fill = (0..<(index % 300)).map { UInt8(truncatingIfNeeded: $0 &+ index) }
            switch index % 5 {
            case 0:
                return .command(
                    HCICommandPacket(
                        opcode: HCIOpcode(rawValue: UInt16(index & 0xFFFF)), parameters: Array(fill.prefix(255))))
            case 1:
                return .event(
                    HCIEventPacket(
                        code: HCIEventCode(rawValue: UInt8(index & 0xFF)), parameters: Array(fill.prefix(255))))
            case 2:
                return .acl(
                    ACLDataPacket(
                        handle: ConnectionHandle(rawValue: UInt16(index % 0x0EFF)), boundary: .continuing, data: fill))
            case 3:
                return .sco([UInt8(index & 0xFF), 0x00, UInt8(min(fill.count, 255))] + fill.prefix(255))
            default:
                let length = fill.count
                return .iso([UInt8(index & 0xFF), 0x00, UInt8(length & 0xFF), UInt8(length >> 8)] + fill)
            }
        }
    }

    /// Takes exactly `count` packets from a transport's `incoming`.
    static func receive(_ count: Int, from transport: any HCITransport) async throws -> [HCIPacket] {
        var packets: [HCIPacket] = []
        for try await packet in transport.incoming {
            packets.append(packet)
            if packets.count == count { break }
        }
        return packets
    }

    /// Sends `outbound` from `first` and `inbound` from `second` at the same time, and checks each side receives the other's packets in order.
    static func exchange(
        _ first: any HCITransport,
        _ second: any HCITransport,
        outbound: [HCIPacket],
        inbound: [HCIPacket]
    ) async throws {
        async let receivedBySecond = receive(outbound.count, from: second)
        async let receivedByFirst = receive(inbound.count, from: first)
        async let sentByFirst: Void = { for packet in outbound { try await first.send(packet) } }()
        async let sentBySecond: Void = { for packet in inbound { try await second.send(packet) } }()
        try await sentByFirst
        try await sentBySecond
        #expect(try await receivedBySecond == outbound)
        #expect(try await receivedByFirst == inbound)
    }

    /// A fresh, empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hci-transport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Finds and runs external tools (socat, tshark) for the tests that check our transports against them.
enum ExternalTool {
    /// Whether CI asked for every test to run (a missing tool is then a failure, not a skip).
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The tool's path on `PATH`, if installed.
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test needing the tool should run: it is installed, or CI demands it.
    static func shouldRun(_ name: String) -> Bool {
        path(of: name) != nil || isCI
    }

    /// Runs a tool to completion and returns its standard output, throwing if it fails.
    static func run(_ name: String, _ arguments: [String]) async throws -> String {
        let process = try launch(name, arguments)
        let output = try #require(process.standardOutput as? Pipe).fileHandleForReading
        let errors = try #require(process.standardError as? Pipe).fileHandleForReading
        let (printed, complaint, status) = await offThePool {
            (output.readDataToEndOfFile(), errors.readDataToEndOfFile(), Self.exitStatus(of: process))
        }
        guard status == 0 else {
            throw ToolFailure(
                description: "\(name) exited with \(status): \(String(decoding: complaint, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }

    /// Runs blocking work (reading a tool's output, waiting for it to exit) on a thread of its own, so that it
    /// does not hold one of the few threads every test of the process shares.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Waits for a process to exit and returns its status.
    private static func exitStatus(of process: Process) -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Starts a tool with piped output; the caller ends it.
    static func launch(_ name: String, _ arguments: [String]) throws -> Process {
        guard let executable = path(of: name) else {
            throw ToolFailure(description: "\(name) is not installed (CI=true requires it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        return process
    }

    /// Reads a running tool's standard error until a line contains `marker`; throws if the tool ends first.
    static func waitForStandardError(of process: Process, containing marker: String) async throws {
        let handle = try #require(process.standardError as? Pipe).fileHandleForReading
        let text = await offThePool { () -> String? in
            var text = ""
            while !text.contains(marker) {
                let chunk = handle.availableData
                guard !chunk.isEmpty else { return nil }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        guard text != nil else { throw ToolFailure(description: "tool ended before '\(marker)'") }
    }

    /// Kills a tool started with ``launch(_:_:)`` and waits for it (SIGKILL: a tool started from a
    /// concurrency thread inherits that thread's blocked signals, SIGTERM among them).
    static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    struct ToolFailure: Error, CustomStringConvertible {
        var description: String
    }
}
