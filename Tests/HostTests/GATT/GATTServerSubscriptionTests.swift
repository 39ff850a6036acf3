import HCI
import Host
import Testing

@Suite("GATT server CCCDs and bonded clients", .timeLimit(.minutes(2)))
struct GATTServerSubscriptionTests {
    typealias F = GATTFixtures

    func readCCCD(_ handle: UInt16) -> ATTPDU { .readRequest(ATTReadRequest(handle: F.handle(handle))) }

    @Test("each connection has its own CCCD values (GATT/SR/GPM/BV-01-C)")
    func perConnection() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x1A, [.notification, .indication])
        #expect(server.response(to: readCCCD(0x1A)) == .readResponse(ATTReadResponse(value: [0x03, 0x00])))
        #expect(
            server.response(to: readCCCD(0x1A), from: F.second) == .readResponse(ATTReadResponse(value: [0x00, 0x00])))
        server.subscribe(F.second, cccd: 0x1A, .indication)
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x19)) == [.notification, .indication])
        #expect(server.clientConfiguration(of: F.second.id, for: F.handle(0x19)) == .indication)
        #expect(server.subscribers(of: F.handle(0x19)) == [F.first.id, F.second.id])
    }

    @Test("writing a CCCD reports the change once, and writing zero reports unsubscribing")
    func events() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.first, cccd: 0x12, [])
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x11), configuration: .notification),
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x11), configuration: []),
            ])
        #expect(server.takeEvents().isEmpty)
        #expect(server.subscribers(of: F.handle(0x11)).isEmpty)
    }

    @Test("a CCCD accepts only the bits the properties allow: else CCCD Improperly Configured (0xFD)")
    func improperlyConfigured() throws {
        var server = try F.server()
        for (handle, value) in [
            (UInt16(0x12), [UInt8(0x02), 0x00]), (0x23, [0x01, 0x00]), (0x1A, [0x04, 0x00]), (0x09, [0x01, 0x00]),
            (0x1A, [0x00, 0x80]),
        ] {
            let request = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(handle), value: value))
            #expect(
                server.response(to: request, from: F.context(security: .encrypted))
                    == F.error(.writeRequest, handle, .cccdImproperlyConfigured))
        }
        #expect(server.takeEvents().isEmpty)
    }

    @Test("a CCCD value that is not two bytes long is Invalid Attribute Value Length")
    func wrongLength() throws {
        var server = try F.server()
        for value: [UInt8] in [[], [0x01], [0x01, 0x00, 0x00]] {
            let request = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x12), value: value))
            #expect(server.response(to: request) == F.error(.writeRequest, 0x12, .invalidAttributeValueLength))
        }
    }

    @Test("Client Supported Features is kept per client and its bits cannot be cleared (GATT/SR/GAS/BV-03-C)")
    func clientSupportedFeatures() throws {
        var server = try F.server()
        let enable = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01]))
        #expect(server.response(to: enable) == .writeResponse(ATTWriteResponse()))
        let read = ATTPDU.readRequest(ATTReadRequest(handle: F.handle(0x0B)))
        #expect(server.response(to: read) == .readResponse(ATTReadResponse(value: [0x01])))
        #expect(server.response(to: read, from: F.second) == .readResponse(ATTReadResponse(value: [0x00])))
        let clear = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x02]))
        #expect(server.response(to: clear) == F.error(.writeRequest, 0x0B, .valueNotAllowed))
        let more = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0xFF, 0x12]))
        #expect(server.response(to: more) == .writeResponse(ATTWriteResponse()))
        #expect(server.response(to: read) == .readResponse(ATTReadResponse(value: [0x07])))
        let empty = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: []))
        #expect(server.response(to: empty) == F.error(.writeRequest, 0x0B, .invalidAttributeValueLength))
    }

    @Test("disconnecting ends every subscription of that connection and reports it")
    func disconnect() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.first, cccd: 0x1A, .indication)
        server.subscribe(F.second, cccd: 0x12, .notification)
        _ = server.takeEvents()
        server.disconnected(F.first.id)
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x11), configuration: []),
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x19), configuration: []),
            ])
        #expect(server.subscribers(of: F.handle(0x11)) == [F.second.id])
        #expect(server.mtu(of: F.first.id) == nil)
        server.disconnected(F.first.id)
        #expect(server.takeEvents().isEmpty)
    }

    @Test("a returning bonded client keeps its subscriptions and features (GATT/SR/GAN/BV-03-C, GAS/BV-04-C)")
    func bondedClient() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.first, cccd: 0x09, .indication)
        _ = server.response(to: .writeRequest(ATTWriteRequest(handle: F.handle(0x0B), value: [0x01])))
        let saved = try #require(server.bondedClientConfiguration(of: F.first.id))
        #expect(saved.clientConfigurations == [F.handle(0x11): .notification, F.handle(0x08): .indication])
        server.disconnected(F.first.id)
        _ = server.takeEvents()

        let returning = F.context(0x0042, security: .encrypted)
        server.restore(saved, for: returning)
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: returning.id, valueHandle: F.handle(0x08), configuration: .indication),
                .subscriptionChanged(
                    connection: returning.id, valueHandle: F.handle(0x11), configuration: .notification),
            ])
        #expect(
            server.response(to: readCCCD(0x12), from: returning) == .readResponse(ATTReadResponse(value: [0x01, 0x00])))
        #expect(server.nextOutgoingPDU(for: returning.id) == nil)
        #expect(
            server.response(to: .readRequest(ATTReadRequest(handle: F.handle(0x0B))), from: returning)
                == .readResponse(ATTReadResponse(value: [0x01])))
    }

    @Test("a bonded client's saved configuration survives its stored form, and stale entries are dropped on restore")
    func storedForm() throws {
        let saved = BondedClientConfiguration(
            databaseHash: 0x0011_2233_4455_6677_8899_AABB_CCDD_EEFF, clientFeatures: .robustCaching,
            clientConfigurations: [
                F.handle(0x12): .notification, F.handle(0x11): [.notification, .indication],
                F.handle(0x19): .indication,
            ])
        let bytes = saved.encoded
        #expect(bytes.count == 16 + 1 + 2 + 3 * 4)
        #expect(Array(bytes[0..<4]) == [0xFF, 0xEE, 0xDD, 0xCC])
        #expect(
            Array(bytes[17...]) == [0x03, 0x00, 0x11, 0x00, 0x03, 0x00, 0x12, 0x00, 0x01, 0x00, 0x19, 0x00, 0x02, 0x00])
        #expect(try BondedClientConfiguration(decoding: bytes) == saved)
        for length in 0..<bytes.count {
            #expect(throws: DecodeError.self) { try BondedClientConfiguration(decoding: Array(bytes.prefix(length))) }
        }

        var server = try F.server()
        server.restore(saved, for: F.first)
        #expect(
            server.takeEvents() == [
                .subscriptionChanged(connection: F.first.id, valueHandle: F.handle(0x19), configuration: .indication)
            ])
    }
}
