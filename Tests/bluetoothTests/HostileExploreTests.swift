import Foundation
import HCI
import Host
import HostTestSupport
import Synchronization
import Testing

@testable import bluetooth

/// A peripheral on a `bluetooth sim` air whose host runs in the test, its responses rewritten as a hostile
/// peripheral would send them.
private struct HostilePeer {
    let sim: RunningTool
    let host: BluetoothHost
    let tampering: TamperingTransport
    let transport: String

    /// A battery service with one readable level.
    static let battery = [
        ServiceDefinition(
            uuid: BluetoothUUID(uuid16: 0x180F),
            characteristics: [
                CharacteristicDefinition(
                    uuid: BluetoothUUID(uuid16: 0x2A19), properties: .read, permissions: .readable,
                    value: .static([100]))
            ])
    ]

    static func start(name: String, services: [ServiceDefinition] = battery) async throws -> HostilePeer {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"])
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let port = try #require(announcement["port"] as? Int)
        let transport = "tcp:127.0.0.1:\(port)"
        let tampering = TamperingTransport(wrapping: try await TransportSpec(parsing: transport).open())
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
            case .reversedServiceRange:
                "bluetooth explore: service discovery failed: Unknown error: the peripheral's answer to "
                    + "ATT_READ_BY_GROUP_TYPE_REQ for handles 0x0001-0xFFFF broke the GATT procedure: "
                    + "the entry at 0x0010 ends at 0x0005, before it starts"
            case .overlappingServiceRanges:
                "bluetooth explore: service discovery failed: Unknown error: the peripheral's answer to "
                    + "ATT_READ_BY_GROUP_TYPE_REQ for handles 0x0001-0xFFFF broke the GATT procedure: "
                    + "handle 0x0005 does not follow 0x0010"
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

@Suite("bluetooth subscribe against a hostile peripheral", .timeLimit(.minutes(2)))
struct HostileSubscribeTests {
    @Test("notifications on other characteristics' value handles are neither printed nor counted")
    func othersNotificationsIgnored() async throws {
        let name = "Hostile \(UUID().uuidString.prefix(4))"
        let subscribed = BluetoothUUID(uuid16: 0xFF03)
        let other = BluetoothUUID(uuid16: 0xFF04)
        let services = [
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0xFFF0),
                characteristics: [subscribed, other].map {
                    CharacteristicDefinition(uuid: $0, properties: .notify, permissions: .readable)
                })
        ]
        let peer = try await HostilePeer.start(name: name, services: services)
        let characteristics = await peer.host.database.services.flatMap(\.characteristics)
        let ownHandle = try #require(characteristics.first { $0.uuid == subscribed }?.valueHandle)
        let otherHandle = try #require(characteristics.first { $0.uuid == other }?.valueHandle)
        // Odd values go out on the other characteristic's value handle, 0x05 on a handle nothing declares.
        peer.tampering.tamper { channel, payload in
            guard channel == 0x0004, payload.count == 4, payload[0] == 0x1B, payload[3] % 2 == 1 else { return nil }
            let handle = payload[3] == 0x05 ? AttributeHandle(rawValue: 0xFFF0) : otherHandle
            return [0x1B, UInt8(handle.rawValue & 0xFF), UInt8(handle.rawValue >> 8), payload[3]]
        }
        let tool = try RunningTool(
            ["subscribe", name, "FF03", "--count", "2", "--transport", peer.transport], standardError: true)
        while let line = await tool.nextLine(), !line.contains("subscribed to FFF0/FF03") {}
        for value in UInt8(1)...6 {
            #expect(await peer.host.updateValue([value], for: ownHandle))
        }
        var printed: [String] = []
        while let line = await tool.nextLine() {
            if line.allSatisfy(\.isHexDigit) { printed.append(line) }
        }
        #expect(printed == ["02", "04"])
        _ = tool.stop()
        await peer.stop()
    }
}

@Suite("bluetooth explore shows a hostile peripheral's text escaped", .timeLimit(.minutes(2)))
struct HostileTextTests {
    /// Text meant to clear the screen, recolour it, ring the bell and forge a tree line.
    static let forgery = "\u{1B}[2J\u{1B}[31mRed\u{7}\r\n└─ Service 180D Heart Rate (primary)"

    @Test("control characters in a Device Name, a string value and a User Description are escaped, hex stays raw")
    func controlCharactersEscaped() async throws {
        let name = "Evil\u{1B}[2J \(UUID().uuidString.prefix(4))"
        let manufacturer = Array(Self.forgery.utf8)
        let services = [
            ServiceDefinition(
                uuid: BluetoothUUID(uuid16: 0x180A),
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A29), properties: .read, permissions: .readable,
                        value: .static(manufacturer), descriptors: [.userDescription(Self.forgery)])
                ])
        ]
        let peer = try await HostilePeer.start(name: name, services: services)
        let outcome = try await CommandLineTool.run(["explore", name, "--transport", peer.transport])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = outcome.standardOutput
        let controls = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
        #expect(controls.isEmpty, "raw control characters reached the terminal: \(controls.map(\.value))")
        let lines = text.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("└─ Service 180D") }, "a forged tree line appeared")
        #expect(lines.first?.hasPrefix("\"Evil\\u{1B}[2J ") == true, "\(lines.first ?? "")")
        let escaped = PrintableTextExpectation.forgery
        let hex = manufacturer.map { String(format: "%02x", $0) }.joined()
        #expect(lines.contains { $0.contains("Characteristic 2A29") && $0.contains("\(hex) (\"\(escaped)\")") })
        #expect(lines.contains { $0.contains("Descriptor 2901") && $0.contains("\(hex) (\"\(escaped)\")") })
        try await peer.host.startAdvertising(AdvertisementContent(localName: name))
        let json = try await CommandLineTool.run(["explore", name, "--transport", peer.transport, "--json"])
        #expect(json.standardOutput.contains("\"\(hex)\""))
        #expect(!json.standardOutput.unicodeScalars.contains("\u{1B}"))
        await peer.stop()
    }
}

/// The escaped form explore prints for ``HostileTextTests/forgery``.
private enum PrintableTextExpectation {
    static let forgery = "\\u{1B}[2J\\u{1B}[31mRed\\u{7}\\r\\n└─ Service 180D Heart Rate (primary)"
}

@Suite("bluetooth explore against a hostile peripheral's include cycles", .timeLimit(.minutes(2)))
struct HostileIncludeExploreTests {
    @Test(
        "explore ends with each service once, an include cycle listed but not followed",
        arguments: IncludeForgery.Cycle.allCases)
    func includeCycle(_ cycle: IncludeForgery.Cycle) async throws {
        let name = "Hostile \(UUID().uuidString.prefix(4))"
        let primary = try #require(BluetoothUUID(string: "9A3D3B52-63B0-4C27-A1B4-3E0C0B5C9F01"))
        let services = [
            ServiceDefinition(
                id: "battery", uuid: BluetoothUUID(uuid16: 0x180F), isPrimary: false,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A19), properties: .read, permissions: .readable,
                        value: .static([100]))
                ]),
            ServiceDefinition(uuid: primary, includedServices: [.id("battery")]),
        ]
        let peer = try await HostilePeer.start(name: name, services: services)
        let forgery = IncludeForgery(cycle)
        peer.tampering.tamper { channel, payload in forgery.rewrite(channel: channel, payload: payload) }
        let outcome = try await CommandLineTool.run(["explore", name, "--transport", peer.transport, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        let uuids = report.services.map(\.uuid)
        #expect(uuids.filter { $0 == "180F" }.count == 1)
        #expect(uuids.filter { $0 == primary.uuidString }.count == 1)
        let battery = try #require(report.services.first { $0.uuid == "180F" })
        #expect(battery.includedServices == [cycle == .selfInclusion ? "180F" : primary.uuidString])
        await peer.stop()
    }
}

@Suite("bluetooth explore against a hostile peripheral's Service Changed", .timeLimit(.minutes(3)))
struct HostileServiceChangedExploreTests {
    @Test(
        "Service Changed for every handle during discovery (once, or 20 times): explore starts again and prints the whole tree, never an empty or mixed one",
        arguments: [1, 20])
    func duringDiscovery(_ indications: Int) async throws {
        let name = "Hostile \(UUID().uuidString.prefix(4))"
        let peer = try await HostilePeer.start(name: name)
        let characteristics = await peer.host.database.services.flatMap(\.characteristics)
        let serviceChanged = try #require(
            characteristics.first { $0.uuid == BluetoothUUID(uuid16: 0x2A05) }?.valueHandle.rawValue)
        let indication = [0x1D, UInt8(serviceChanged & 0xFF), UInt8(serviceChanged >> 8), 0x01, 0x00, 0xFF, 0xFF]
        // From explore's own service discovery on (the first Read By Group Type Response), the indication goes out
        // before each characteristic or include answer, as many times as asked.
        let state = Mutex((armed: false, left: indications))
        peer.tampering.expand { channel, payload in
            guard channel == 0x0004 else { return nil }
            return state.withLock { state in
                if payload.first == 0x11 { state.armed = true }
                guard state.armed, payload.first == 0x09, state.left > 0 else { return nil }
                state.left -= 1
                return [indication, payload]
            }
        }
        let outcome = try await CommandLineTool.run(["explore", name, "--transport", peer.transport, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(state.withLock { $0.left } == 0)
        #expect(outcome.standardError.contains("exploring again"))
        let report = try ExploreReport(json: Array(outcome.standardOutput.utf8))
        #expect(report.services.map(\.uuid) == ["1800", "1801", "180F"])
        let battery = try #require(report.services.last)
        #expect(battery.characteristics.map(\.uuid) == ["2A19"])
        #expect(battery.characteristics.first?.value == [100])
        await peer.stop()
    }
}
