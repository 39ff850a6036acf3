import HCI
import Host

extension FuzzTarget {
    /// A GATT server fed whole request sequences from two clients: the input picks each request's connection,
    /// link security and MTU, how the application answers deferred requests, and when a client disconnects;
    /// the server's queued notifications and indications are drained as a bearer would.
    static let gattServer = FuzzTarget(name: "gatt-server") { bytes in
        var input = FuzzInput(bytes)
        var server = GATTServer(database: fuzzDatabase)
        let levels: [LinkSecurity.Level] = [.unencrypted, .encrypted, .authenticated]
        let mtu = 23 + Int(input.byte())
        while !input.isAtEnd {
            let control = input.byte()
            let handle = ConnectionHandle(rawValue: 0x0040 + UInt16(control & 1))
            guard control & 0xE0 != 0xE0 else {
                server.disconnected(handle)
                continue
            }
            let security = LinkSecurity(level: levels[Int(control >> 1) % levels.count], keySize: 16)
            let connection = ConnectionContext(id: handle, security: security, mtu: mtu)
            if case .deferred(let request) = server.handle(pdu: input.frame(), from: connection) {
                _ = server.complete(id: request.id, result: answer(to: request, choice: input.byte()))
            }
            if control & 0x10 != 0 {
                _ = server.updateValue(input.frame(), for: AttributeHandle(rawValue: UInt16(input.byte())))
            }
            while server.nextOutgoingPDU(for: handle) != nil {}
            _ = server.takeEvents()
        }
    }

    private static func answer(to request: GATTServerRequest, choice: UInt8) -> GATTServerRequest.Answer {
        switch (request.kind, choice % 3) {
        case (_, 0): .error(ATTErrorCode(rawValue: choice))
        case (.read(let reads), _): .values(reads.map { _ in Array(repeating: choice, count: Int(choice) * 2) })
        case _: .written
        }
    }

    /// A database with every kind of attribute the server serves: dynamic and static values, notify and
    /// indicate with their CCCDs, security, reliable writes, descriptors and an included service.
    private static let fuzzDatabase: AttributeDatabase = {
        let vendor = BluetoothUUID(string: "F0E10001-6C8B-4D1B-9A4E-2F3C5D7E9A0B")
        let services = [
            ServiceDefinition(
                id: "battery", uuid: BluetoothUUID(uuid16: 0x180F), isPrimary: false,
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0x2A19), properties: [.read, .notify], permissions: .readable)
                ]),
            ServiceDefinition(
                uuid: vendor ?? BluetoothUUID(uuid16: 0xFFF0), includedServices: [.id("battery")],
                characteristics: [
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0xFFF1),
                        properties: [
                            .read, .write, .writeWithoutResponse, .notify, .indicate, .authenticatedSignedWrites,
                        ],
                        permissions: [.readable, .writeable], descriptors: [.userDescription("Fuzz")],
                        extendedProperties: [.reliableWrite, .writableAuxiliaries]),
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0xFFF2), properties: .read, permissions: .readable,
                        value: .static((0..<200).map { UInt8($0) })),
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0xFFF3), properties: [.read, .write, .indicateEncryptionRequired],
                        permissions: [.readEncryptionRequired, .writeAuthenticationRequired]),
                    CharacteristicDefinition(
                        uuid: BluetoothUUID(uuid16: 0xFFF4), properties: [.read, .write],
                        permissions: [.readable, .writeable],
                        descriptors: [
                            DescriptorDefinition(
                                uuid: BluetoothUUID(uuid16: 0x2901), permissions: [.readable, .writeable],
                                value: .dynamic)
                        ]),
                ]),
        ]
        do {
            return try AttributeDatabase(deviceName: "Fuzz", appearance: 0x0341, services: services)
        } catch {
            preconditionFailure("the fuzz database is invalid: \(error)")
        }
    }()
}
