import HCI
import Host
import Testing

/// A database with every feature the server has, and helpers to talk to a server over it.
///
/// Layout (handles in hex):
/// 01-05 GAP (Device Name 03, Appearance 05); 06-0D GATT (Service Changed 08 + CCCD 09,
/// Client Supported Features 0B, Database Hash 0D); 0E-16 Heart Rate 0x180D (include 0F of Battery,
/// Measurement 11 notify + CCCD 12, Body Sensor Location 14 static, Control Point 16 write);
/// 17-27 vendor 128-bit service (Echo 19 + CCCD 1A + Extended Properties 1B + User Description 1C,
/// Long 1E static 100 bytes, Secret 20, Alert 22 + CCCD 23, Notes 25 + Extended Properties 26 +
/// writable User Description 27); 28-2B secondary Battery 0x180F (Level 2A + CCCD 2B).
enum GATTFixtures {
    static let vendorService = uuid("A0B40001-926D-4D61-98DF-8C5C62EE53B3")
    static let echo = uuid("A0B40002-926D-4D61-98DF-8C5C62EE53B3")
    static let long = uuid("A0B40003-926D-4D61-98DF-8C5C62EE53B3")
    static let secret = uuid("A0B40004-926D-4D61-98DF-8C5C62EE53B3")
    static let alert = uuid("A0B40005-926D-4D61-98DF-8C5C62EE53B3")
    static let notes = uuid("A0B40006-926D-4D61-98DF-8C5C62EE53B3")
    static let heartRate = BluetoothUUID(uuid16: 0x180D)
    static let battery = BluetoothUUID(uuid16: 0x180F)
    static let longValue = (0..<100).map { UInt8($0) }

    static func uuid(_ text: String) -> BluetoothUUID {
        guard let uuid = BluetoothUUID(string: text) else { preconditionFailure("bad UUID \(text)") }
        return uuid
    }

    static func handle(_ raw: UInt16) -> AttributeHandle {
        AttributeHandle(rawValue: raw)
    }

    static let services: [ServiceDefinition] = [
        ServiceDefinition(
            uuid: heartRate, includedServices: [.id("battery")],
            characteristics: [
                CharacteristicDefinition(uuid: BluetoothUUID(uuid16: 0x2A37), properties: .notify, permissions: []),
                CharacteristicDefinition(
                    uuid: BluetoothUUID(uuid16: 0x2A38), properties: .read, permissions: .readable,
                    value: .static([0x01])),
                CharacteristicDefinition(
                    uuid: BluetoothUUID(uuid16: 0x2A39), properties: .write, permissions: .writeable),
            ]),
        ServiceDefinition(
            uuid: vendorService,
            characteristics: [
                CharacteristicDefinition(
                    uuid: echo, properties: [.read, .write, .writeWithoutResponse, .notify, .indicate],
                    permissions: [.readable, .writeable], descriptors: [.userDescription("Echo")],
                    extendedProperties: .reliableWrite),
                CharacteristicDefinition(
                    uuid: long, properties: .read, permissions: .readable, value: .static(longValue)),
                CharacteristicDefinition(
                    uuid: secret, properties: [.read, .write],
                    permissions: [.readEncryptionRequired, .writeAuthenticationRequired]),
                CharacteristicDefinition(uuid: alert, properties: .indicateEncryptionRequired, permissions: []),
                CharacteristicDefinition(
                    uuid: notes, properties: [.read, .write], permissions: [.readable, .writeable],
                    descriptors: [
                        DescriptorDefinition(
                            uuid: .characteristicUserDescription, permissions: [.readable, .writeable], value: .dynamic)
                    ]),
            ]),
        ServiceDefinition(
            id: "battery", uuid: battery, isPrimary: false,
            characteristics: [
                CharacteristicDefinition(
                    uuid: BluetoothUUID(uuid16: 0x2A19), properties: [.read, .notify], permissions: .readable)
            ]),
    ]

    static func database() throws -> AttributeDatabase {
        try AttributeDatabase(deviceName: "GATT Test", appearance: 0x0341, services: services)
    }

    static func server(_ configuration: GATTServerConfiguration = GATTServerConfiguration()) throws -> GATTServer {
        GATTServer(database: try database(), configuration: configuration)
    }

    static let first = ConnectionContext(id: ConnectionHandle(rawValue: 0x0040))
    static let second = ConnectionContext(id: ConnectionHandle(rawValue: 0x0041))

    static func context(
        _ id: UInt16 = 0x0040, security: LinkSecurity = .unencrypted, mtu: Int = 23
    ) -> ConnectionContext {
        ConnectionContext(id: ConnectionHandle(rawValue: id), security: security, mtu: mtu)
    }

    static func error(_ opcode: ATTOpcode, _ handle: UInt16, _ code: ATTErrorCode) -> ATTPDU {
        .errorResponse(ATTErrorResponse(requestOpcode: opcode, handle: AttributeHandle(rawValue: handle), error: code))
    }
}

extension GATTServer {
    /// Handles `request` and returns the PDU the server answers at once, recording an issue otherwise.
    mutating func response(
        to request: ATTPDU, from connection: ConnectionContext = GATTFixtures.first,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ATTPDU? {
        let outcome = handle(request, from: connection)
        guard case .respond(let pdu) = outcome else {
            Issue.record("expected a response, got \(outcome)", sourceLocation: sourceLocation)
            return nil
        }
        return pdu
    }

    /// Handles `request` and returns the request the server defers; throws (recording an issue) otherwise.
    mutating func deferral(
        of request: ATTPDU, from connection: ConnectionContext = GATTFixtures.first,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> GATTServerRequest {
        let outcome = handle(request, from: connection)
        guard case .deferred(let deferred) = outcome else {
            Issue.record("expected a deferral, got \(outcome)", sourceLocation: sourceLocation)
            throw UnexpectedOutcome(outcome: outcome)
        }
        return deferred
    }

    /// Queues a value for its subscribers and returns what may go now; throws (recording an issue) if refused.
    mutating func sent(
        for valueHandle: AttributeHandle, value: [UInt8], to targets: Set<ConnectionHandle>? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [(connection: ConnectionHandle, pdu: ATTPDU)] {
        try #require(notifications(for: valueHandle, value: value, to: targets), sourceLocation: sourceLocation)
    }

    /// Writes a CCCD with a Write Request and expects the Write Response.
    mutating func subscribe(
        _ connection: ConnectionContext, cccd: UInt16, _ value: ClientCharacteristicConfiguration,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let request = ATTPDU.writeRequest(ATTWriteRequest(handle: GATTFixtures.handle(cccd), value: value.encoded))
        let answer = response(to: request, from: connection, sourceLocation: sourceLocation)
        #expect(answer == .writeResponse(ATTWriteResponse()), sourceLocation: sourceLocation)
    }
}

/// Thrown when the server's outcome was not the kind a test needs to go on.
struct UnexpectedOutcome: Error {
    let outcome: GATTServerOutcome
}
