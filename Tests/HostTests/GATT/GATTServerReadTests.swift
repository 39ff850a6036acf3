import HCI
import Host
import Testing

@Suite("GATT server reads", .timeLimit(.minutes(2)))
struct GATTServerReadTests {
    typealias F = GATTFixtures

    func read(_ handle: UInt16) -> ATTPDU { .readRequest(ATTReadRequest(handle: F.handle(handle))) }

    func blob(_ handle: UInt16, _ offset: UInt16) -> ATTPDU {
        .readBlobRequest(ATTReadBlobRequest(handle: F.handle(handle), offset: offset))
    }

    @Test(
        "Read Characteristic Value and Descriptor return static values (GATT/SR/GAR/BV-01-C, BV-06-C)"
    )
    func readStatic() throws {
        var server = try F.server()
        #expect(server.response(to: read(0x14)) == .readResponse(ATTReadResponse(value: [0x01])))
        #expect(server.response(to: read(0x03)) == .readResponse(ATTReadResponse(value: Array("GATT Test".utf8))))
        #expect(server.response(to: read(0x1C)) == .readResponse(ATTReadResponse(value: Array("Echo".utf8))))
    }

    @Test("a dynamic value is read by the application and cut to ATT_MTU - 1")
    func readDynamic() throws {
        var server = try F.server()
        let deferred = try server.deferral(of: read(0x19))
        #expect(deferred.connection == F.first.id)
        #expect(deferred.kind == .read([.init(handle: F.handle(0x19), offset: 0)]))
        let answer = server.complete(id: deferred.id, result: .values([Array(0..<30)]))
        #expect(answer?.response == .readResponse(ATTReadResponse(value: Array(0..<22))))
        #expect(server.complete(id: deferred.id, result: .values([[1]])) == nil)
    }

    @Test("the application can refuse a read with its own error code")
    func applicationError() throws {
        var server = try F.server()
        let deferred = try server.deferral(of: read(0x27))
        let answer = server.complete(id: deferred.id, result: .error(ATTErrorCode(rawValue: 0x80)))
        #expect(answer?.response == F.error(.readRequest, 0x27, ATTErrorCode(rawValue: 0x80)))
        let other = try server.deferral(of: read(0x19))
        #expect(
            server.complete(id: other.id, result: .written)?.response == F.error(.readRequest, 0x19, .unlikelyError))
        let third = try server.deferral(of: read(0x19))
        #expect(
            server.complete(id: third.id, result: .values([[1], [2]]))?.response
                == F.error(.readRequest, 0x19, .unlikelyError))
    }

    @Test("Read Long Characteristic Value reads a 100-byte value in 5 round trips at MTU 23 (GATT/SR/GAR/BV-04-C)")
    func readLong() throws {
        var server = try F.server()
        guard case .readResponse(let first) = server.response(to: read(0x1E)) else {
            Issue.record("no Read Response")
            return
        }
        var value = first.value
        var roundTrips = 1
        while value.count % 22 == 0 {
            guard case .readBlobResponse(let part) = server.response(to: blob(0x1E, UInt16(value.count))) else { break }
            roundTrips += 1
            value += part.value
        }
        #expect(value == F.longValue)
        #expect(roundTrips == 5)
        #expect(server.response(to: blob(0x1E, 100)) == .readBlobResponse(ATTReadBlobResponse(value: [])))
    }

    @Test("Read Blob past the end of the value is Invalid Offset (GATT/SR/GAR/BI-13-C)")
    func invalidOffset() throws {
        var server = try F.server()
        #expect(server.response(to: blob(0x1E, 101)) == F.error(.readBlobRequest, 0x1E, .invalidOffset))
        #expect(server.response(to: blob(0x14, 2)) == F.error(.readBlobRequest, 0x14, .invalidOffset))
    }

    @Test("Read Blob of a value that fits in one Read Response is Attribute Not Long")
    func attributeNotLong() throws {
        var server = try F.server()
        #expect(server.response(to: blob(0x14, 0)) == F.error(.readBlobRequest, 0x14, .attributeNotLong))
        #expect(server.response(to: blob(0x14, 1)) == F.error(.readBlobRequest, 0x14, .attributeNotLong))
        #expect(
            server.response(to: blob(0x1E, 10), from: F.context(mtu: 517))
                == F.error(.readBlobRequest, 0x1E, .attributeNotLong))
    }

    @Test("Read Blob of a dynamic value hands the offset to the application")
    func blobDynamic() throws {
        var server = try F.server()
        let deferred = try server.deferral(of: blob(0x19, 22))
        #expect(deferred.kind == .read([.init(handle: F.handle(0x19), offset: 22)]))
        let answer = server.complete(id: deferred.id, result: .values([Array(repeating: 9, count: 30)]))
        #expect(answer?.response == .readBlobResponse(ATTReadBlobResponse(value: Array(repeating: 9, count: 22))))
    }

    @Test("Read Multiple joins the values and cuts them to ATT_MTU - 1 (GATT/SR/GAR/BV-05-C)")
    func readMultiple() throws {
        var server = try F.server()
        let request = ATTPDU.readMultipleRequest(
            ATTReadMultipleRequest(handles: [F.handle(0x14), F.handle(0x05), F.handle(0x1E)]))
        #expect(
            server.response(to: request)
                == .readMultipleResponse(ATTReadMultipleResponse(setOfValues: [0x01, 0x41, 0x03] + Array(0..<19))))
    }

    @Test("Read Multiple asks the application once for every dynamic value and keeps the order")
    func readMultipleDynamic() throws {
        var server = try F.server()
        let handles = [F.handle(0x19), F.handle(0x14), F.handle(0x25)]
        let deferred = try server.deferral(of: .readMultipleRequest(ATTReadMultipleRequest(handles: handles)))
        #expect(
            deferred.kind
                == .read([.init(handle: F.handle(0x19), offset: 0), .init(handle: F.handle(0x25), offset: 0)]))
        let answer = server.complete(id: deferred.id, result: .values([[0xAA, 0xBB], [0xCC]]))
        #expect(
            answer?.response == .readMultipleResponse(ATTReadMultipleResponse(setOfValues: [0xAA, 0xBB, 0x01, 0xCC])))
        let again = try server.deferral(of: .readMultipleRequest(ATTReadMultipleRequest(handles: handles)))
        #expect(
            server.complete(id: again.id, result: .values([[1]]))?.response
                == F.error(.readMultipleRequest, 0x19, .unlikelyError))
    }

    @Test("Read Multiple fails on the first handle it cannot read (GATT/SR/GAR/BI-18-C, BI-19-C)")
    func readMultipleRefused() throws {
        var server = try F.server()
        let handles = [F.handle(0x14), F.handle(0x08), F.handle(0x99)]
        #expect(
            server.response(to: .readMultipleRequest(ATTReadMultipleRequest(handles: handles)))
                == F.error(.readMultipleRequest, 0x08, .readNotPermitted))
        let absent = [F.handle(0x14), F.handle(0x99)]
        #expect(
            server.response(to: .readMultipleRequest(ATTReadMultipleRequest(handles: absent)))
                == F.error(.readMultipleRequest, 0x99, .invalidHandle))
    }

    @Test("Read Multiple Variable gives each value with its length and cuts the last one to fit (GATT/SR/GAR/BV-09-C)")
    func readMultipleVariable() throws {
        var server = try F.server()
        let handles = [F.handle(0x14), F.handle(0x05), F.handle(0x1E), F.handle(0x03)]
        #expect(
            server.response(to: .readMultipleVariableRequest(ATTReadMultipleVariableRequest(handles: handles)))
                == .readMultipleVariableResponse(
                    ATTReadMultipleVariableResponse(tuples: [
                        .init(value: [0x01]), .init(value: [0x41, 0x03]),
                        .init(valueLength: 100, value: Array(0..<13)),
                    ])))
        let deferred = try server.deferral(
            of: .readMultipleVariableRequest(ATTReadMultipleVariableRequest(handles: [F.handle(0x19), F.handle(0x14)])))
        #expect(
            server.complete(id: deferred.id, result: .values([[]]))?.response
                == .readMultipleVariableResponse(
                    ATTReadMultipleVariableResponse(tuples: [.init(value: []), .init(value: [0x01])])))
    }

    @Test("reading handle 0x0000 or a handle past the database is Invalid Handle (GATT/SR/GAR/BI-02-C, BI-14-C)")
    func invalidHandle() throws {
        var server = try F.server()
        #expect(server.response(to: read(0x0000)) == F.error(.readRequest, 0x0000, .invalidHandle))
        #expect(server.response(to: read(0x2C)) == F.error(.readRequest, 0x2C, .invalidHandle))
        #expect(server.response(to: read(0xFFFF)) == F.error(.readRequest, 0xFFFF, .invalidHandle))
        #expect(server.response(to: blob(0x2C, 0)) == F.error(.readBlobRequest, 0x2C, .invalidHandle))
    }

    @Test("a value without read permission is Read Not Permitted (GATT/SR/GAR/BI-01-C, BI-12-C)")
    func readNotPermitted() throws {
        var server = try F.server()
        #expect(server.response(to: read(0x11)) == F.error(.readRequest, 0x11, .readNotPermitted))
        #expect(server.response(to: read(0x16)) == F.error(.readRequest, 0x16, .readNotPermitted))
        #expect(server.response(to: blob(0x08, 0)) == F.error(.readBlobRequest, 0x08, .readNotPermitted))
    }

    @Test("a connection may have only a few requests waiting for the application")
    func pendingLimit() throws {
        var server = try F.server(GATTServerConfiguration(pendingRequestLimit: 2))
        _ = try server.deferral(of: read(0x19))
        _ = try server.deferral(of: read(0x19))
        #expect(server.response(to: read(0x19)) == F.error(.readRequest, 0x19, .insufficientResources))
        _ = try server.deferral(of: read(0x19), from: F.second)
    }
}
