import Foundation
import HCI
import Host
import HostTestSupport
import Testing

/// A peripheral on a `bluetooth sim` air whose host runs in the test, its responses rewritten as a hostile
/// peripheral would send them.
private struct HostilePeer {
    let sim: RunningTool
    let host: BluetoothHost
    let tampering: TamperingTransport
    let transport: String

    static func start(name: String) async throws -> HostilePeer {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"])
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let port = try #require(announcement["port"] as? Int)
        let transport = "tcp:127.0.0.1:\(port)"
        let tampering = TamperingTransport(wrapping: try await TransportSpec(parsing: transport).open())
        let services = [
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x180F),
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A19), properties: .read, permissions: .readable,
                        value: .static([100]))
                ])
        ]
        let host = try await BluetoothHost.start(
            transport: tampering, configuration: HostConfiguration(deviceName: name, services: services))
        try await host.startAdvertising(AdvertisementContent(localName: name))
        return HostilePeer(sim: sim, host: host, tampering: tampering, transport: transport)
    }

    func stop() async {
        await host.stop()
        _ = sim.stop()
    }
}

@Suite("bluetooth explore against a hostile peripheral", .timeLimit(.minutes(2)))
struct HostileExploreTests {
    /// A response the hostile peer sends instead of its honest one, and the last line explore must end with.
    enum Lie: String, CaseIterable, Sendable {
        case reversedServiceRange = "a service whose end handle is below its start"
        case overlappingServiceRanges = "two services whose handle ranges overlap"
        case oversizedRead = "a Read Response far beyond the ATT_MTU"
        case writeResponseToRead = "a Write Response to a Read Request"

        /// The exit status: 1 when explore cannot go on, 0 when it reports the failed read in the tree.
        var status: Int32 { self == .oversizedRead ? 0 : 1 }

        /// The one error line explore prints, if it fails.
        var errorLine: String? {
            switch self {
            case .reversedServiceRange, .overlappingServiceRanges:
                "bluetooth explore: service discovery failed: Unknown error"
            case .writeResponseToRead:
                "bluetooth explore: reading failed and the peripheral disconnected: The connection has timed out unexpectedly"
            case .oversizedRead: nil
            }
        }

        var replacedOpcode: UInt8 {
            switch self {
            case .reversedServiceRange, .overlappingServiceRanges: 0x11
            case .oversizedRead, .writeResponseToRead: 0x0B
            }
        }

        var pdu: [UInt8] {
            switch self {
            case .reversedServiceRange: [0x11, 0x06, 0x10, 0x00, 0x05, 0x00, 0x0F, 0x18]
            case .overlappingServiceRanges:
                [0x11, 0x06, 0x01, 0x00, 0x10, 0x00, 0x0F, 0x18, 0x05, 0x00, 0x20, 0x00, 0x0A, 0x18]
            case .oversizedRead: [0x0B] + [UInt8](repeating: 0xEE, count: 600)
            case .writeResponseToRead: [0x13]
            }
        }
    }

    @Test(
        "explore ends with one clear line and no crash, and the next explore of an honest peer works",
        arguments: Lie.allCases)
    func hostile(_ lie: Lie) async throws {
        let name = "Hostile \(UUID().uuidString.prefix(4))"
        let peer = try await HostilePeer.start(name: name)
        let opcode = lie.replacedOpcode
        peer.tampering.tamper { channel, payload in channel == 0x0004 && payload.first == opcode ? lie.pdu : nil }
        let outcome = try await CommandLineTool.run(["explore", name, "--transport", peer.transport])
        #expect(outcome.status == lie.status, "\(outcome.standardError)")
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("bluetooth explore:") } == lie.errorLine.map { [Substring($0)] } ?? [])
        #expect(!outcome.standardError.contains("Fatal error"))
        peer.tampering.tamper(with: nil)
        try await peer.host.startAdvertising(AdvertisementContent(localName: name))
        let honest = try await CommandLineTool.run(["explore", name, "--transport", peer.transport])
        #expect(honest.status == 0, "\(honest.standardError)")
        #expect(honest.standardOutput.contains("Characteristic 2A19"))
        await peer.stop()
    }
}
