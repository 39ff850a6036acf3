import HCI
import Host
import Testing

@Suite("GATT server writes", .timeLimit(.minutes(2)))
struct GATTServerWriteTests {
    typealias F = GATTFixtures

    func write(_ handle: UInt16, _ value: [UInt8]) -> ATTPDU {
        .writeRequest(ATTWriteRequest(handle: F.handle(handle), value: value))
    }

    func prepare(_ handle: UInt16, _ offset: UInt16, _ value: [UInt8]) -> ATTPDU {
        .prepareWriteRequest(ATTPrepareWriteRequest(handle: F.handle(handle), offset: offset, value: value))
    }

    let execute = ATTPDU.executeWriteRequest(ATTExecuteWriteRequest(flags: .writeAll))
    let cancel = ATTPDU.executeWriteRequest(ATTExecuteWriteRequest(flags: .cancelAll))

    @Test(
        "Write Characteristic Value goes to the application; its answer gives the response (GATT/SR/GAW/BV-03-C)"
    )
    func writeDynamic() throws {
        var server = try F.server()
        let deferred = try server.deferral(of: write(0x16, [0x01]))
        #expect(deferred.kind == .write([.init(handle: F.handle(0x16), offset: 0, value: [0x01])]))
        #expect(server.complete(id: deferred.id, result: .written)?.response == .writeResponse(ATTWriteResponse()))
        let refused = try server.deferral(of: write(0x16, [0x02]))
        #expect(
            server.complete(id: refused.id, result: .error(ATTErrorCode(rawValue: 0x80)))?.response
                == F.error(.writeRequest, 0x16, ATTErrorCode(rawValue: 0x80)))
        let confused = try server.deferral(of: write(0x16, [0x03]))
        #expect(
            server.complete(id: confused.id, result: .values([[1]]))?.response
                == F.error(.writeRequest, 0x16, .unlikelyError))
    }

    @Test("Write Characteristic Descriptor writes a dynamic User Description (GATT/SR/GAW/BV-08-C)")
    func writeDescriptor() throws {
        var server = try F.server()
        let deferred = try server.deferral(of: write(0x27, Array("note".utf8)))
        #expect(deferred.kind == .write([.init(handle: F.handle(0x27), offset: 0, value: Array("note".utf8))]))
    }

    @Test(
        "Write Without Response reaches the application unanswered; errors are ignored (GATT/SR/GAW/BV-01-C)"
    )
    func writeCommand() throws {
        var server = try F.server()
        let outcome = server.handle(
            .writeCommand(ATTWriteCommand(handle: F.handle(0x19), value: [1, 2])), from: F.first)
        guard case .deferred(let request) = outcome else {
            Issue.record("expected a deferral, got \(outcome)")
            return
        }
        #expect(request.kind == .writeWithoutResponse(.init(handle: F.handle(0x19), offset: 0, value: [1, 2])))
        #expect(server.complete(id: request.id, result: .written) == nil)
        for command in [
            ATTWriteCommand(handle: F.handle(0x14), value: [1]), ATTWriteCommand(handle: F.handle(0x99), value: [1]),
            ATTWriteCommand(handle: F.handle(0x20), value: [1]),
            ATTWriteCommand(handle: F.handle(0x19), value: Array(repeating: 0, count: 513)),
            ATTWriteCommand(handle: F.handle(0x12), value: [0x02, 0x00]),
        ] {
            #expect(server.handle(.writeCommand(command), from: F.first) == .none)
        }
        #expect(
            server.handle(.writeCommand(ATTWriteCommand(handle: F.handle(0x12), value: [1, 0])), from: F.first) == .none
        )
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == .notification)
    }

    @Test("Write Characteristic Value to an absent handle is Invalid Handle (GATT/SR/GAW/BI-02-C)")
    func invalidHandle() throws {
        var server = try F.server()
        #expect(server.response(to: write(0x2C, [1])) == F.error(.writeRequest, 0x2C, .invalidHandle))
        #expect(server.response(to: write(0x00, [1])) == F.error(.writeRequest, 0x00, .invalidHandle))
    }

    @Test("writing a value without write permission, or a static one, is Write Not Permitted (GATT/SR/GAW/BI-03-C)")
    func writeNotPermitted() throws {
        var server = try F.server()
        for handle: UInt16 in [0x11, 0x14, 0x03, 0x01, 0x10, 0x1B, 0x1C, 0x08, 0x0D] {
            #expect(server.response(to: write(handle, [1])) == F.error(.writeRequest, handle, .writeNotPermitted))
        }
    }

    @Test("a value longer than 512 bytes is Invalid Attribute Value Length (GATT/SR/GAW/BI-32-C)")
    func valueTooLong() throws {
        var server = try F.server()
        let long = Array(repeating: UInt8(0), count: 513)
        #expect(
            server.response(to: write(0x19, long), from: F.context(mtu: 517))
                == F.error(.writeRequest, 0x19, .invalidAttributeValueLength))
        _ = try server.deferral(of: write(0x19, Array(long.prefix(512))), from: F.context(mtu: 517))
    }

    @Test(
        "Write Long Characteristic Value: prepared parts are echoed, then joined into one write (GATT/SR/GAW/BV-05-C)")
    func writeLong() throws {
        var server = try F.server()
        let value = (0..<50).map { UInt8($0) }
        var offset = 0
        while offset < value.count {
            let part = Array(value[offset..<min(offset + 18, value.count)])
            #expect(
                server.response(to: prepare(0x19, UInt16(offset), part))
                    == .prepareWriteResponse(
                        ATTPrepareWriteResponse(handle: F.handle(0x19), offset: UInt16(offset), value: part)))
            offset += part.count
        }
        let deferred = try server.deferral(of: execute)
        #expect(deferred.kind == .write([.init(handle: F.handle(0x19), offset: 0, value: value)]))
        #expect(
            server.complete(id: deferred.id, result: .written)?.response
                == .executeWriteResponse(ATTExecuteWriteResponse()))
        #expect(server.response(to: execute) == .executeWriteResponse(ATTExecuteWriteResponse()))
    }

    @Test("Reliable Writes hand every attribute to the application at once, in order (GATT/SR/GAW/BV-06-C)")
    func reliableWrites() throws {
        var server = try F.server()
        _ = server.response(to: prepare(0x19, 0, [1, 2]))
        _ = server.response(to: prepare(0x25, 0, [3]))
        _ = server.response(to: prepare(0x19, 2, [4]))
        let deferred = try server.deferral(of: execute)
        #expect(
            deferred.kind
                == .write([
                    .init(handle: F.handle(0x19), offset: 0, value: [1, 2, 4]),
                    .init(handle: F.handle(0x25), offset: 0, value: [3]),
                ]))
    }

    @Test(
        "Execute Write with Cancel drops the queue; with none queued it just answers (GATT/SR/GAW/BV-07-C, BV-11-C)"
    )
    func cancelAll() throws {
        var server = try F.server()
        _ = server.response(to: prepare(0x19, 0, [1]))
        #expect(server.response(to: cancel) == .executeWriteResponse(ATTExecuteWriteResponse()))
        #expect(server.response(to: execute) == .executeWriteResponse(ATTExecuteWriteResponse()))
    }

    @Test("Prepare Write is refused at once for a handle that cannot be written (GATT/SR/GAW/BI-07-C, BI-08-C)")
    func prepareRefused() throws {
        var server = try F.server()
        #expect(server.response(to: prepare(0x2C, 0, [1])) == F.error(.prepareWriteRequest, 0x2C, .invalidHandle))
        #expect(server.response(to: prepare(0x1E, 0, [1])) == F.error(.prepareWriteRequest, 0x1E, .writeNotPermitted))
        #expect(
            server.response(to: prepare(0x20, 0, [1]))
                == F.error(.prepareWriteRequest, 0x20, .insufficientAuthentication))
    }

    @Test("the prepare queue is bounded in entries and in bytes: Prepare Queue Full")
    func prepareQueueFull() throws {
        var server = try F.server(GATTServerConfiguration(prepareQueueEntryLimit: 3, prepareQueueByteLimit: 40))
        for index in 0..<3 {
            _ = server.response(to: prepare(0x19, UInt16(index), [1]))
        }
        #expect(server.response(to: prepare(0x19, 3, [1])) == F.error(.prepareWriteRequest, 0x19, .prepareQueueFull))
        #expect(server.response(to: cancel) == .executeWriteResponse(ATTExecuteWriteResponse()))
        _ = server.response(to: prepare(0x19, 0, Array(repeating: 1, count: 20)))
        _ = server.response(to: prepare(0x19, 20, Array(repeating: 1, count: 20)))
        #expect(server.response(to: prepare(0x19, 40, [1])) == F.error(.prepareWriteRequest, 0x19, .prepareQueueFull))
        _ = server.response(to: prepare(0x19, 0, [1]), from: F.second)
        let deferred = try server.deferral(of: execute)
        #expect(
            deferred.kind == .write([.init(handle: F.handle(0x19), offset: 0, value: Array(repeating: 1, count: 40))]))
    }

    @Test("a gap between prepared parts is Invalid Offset and nothing is written (GATT/SR/GAW/BI-09-C)")
    func invalidOffset() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        _ = server.response(to: prepare(0x12, 0, [0x00, 0x00]))
        _ = server.response(to: prepare(0x19, 0, [1, 2]))
        _ = server.response(to: prepare(0x19, 3, [4]))
        #expect(server.response(to: execute) == F.error(.executeWriteRequest, 0x19, .invalidOffset))
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == .notification)
        #expect(server.response(to: execute) == .executeWriteResponse(ATTExecuteWriteResponse()))
        _ = server.response(to: prepare(0x12, 3, [0x00]))
        #expect(server.response(to: execute) == F.error(.executeWriteRequest, 0x12, .invalidOffset))
    }

    @Test("a joined value longer than 512 bytes is Invalid Attribute Value Length at execution (GATT/SR/GAW/BI-33-C)")
    func joinedTooLong() throws {
        var server = try F.server(GATTServerConfiguration(prepareQueueByteLimit: 1000))
        _ = server.response(to: prepare(0x19, 0, Array(repeating: 1, count: 500)), from: F.context(mtu: 517))
        _ = server.response(to: prepare(0x19, 500, Array(repeating: 1, count: 13)), from: F.context(mtu: 517))
        #expect(server.response(to: execute) == F.error(.executeWriteRequest, 0x19, .invalidAttributeValueLength))
        _ = server.response(to: prepare(0x19, 600, [1]))
        #expect(server.response(to: execute) == F.error(.executeWriteRequest, 0x19, .invalidOffset))
    }

    @Test("Execute Write is all or nothing: one bad CCCD value discards every other prepared write")
    func atomicExecute() throws {
        var server = try F.server()
        _ = server.response(to: prepare(0x12, 0, [0x01, 0x00]))
        _ = server.response(to: prepare(0x1A, 0, [0x04, 0x00]))
        #expect(server.response(to: execute) == F.error(.executeWriteRequest, 0x1A, .cccdImproperlyConfigured))
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == [])
        #expect(server.takeEvents().isEmpty)

        _ = server.response(to: prepare(0x12, 0, [0x01]))
        _ = server.response(to: prepare(0x12, 1, [0x00]))
        #expect(server.response(to: execute) == .executeWriteResponse(ATTExecuteWriteResponse()))
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == .notification)
    }

    @Test("a CCCD written with an application value takes effect only if the application accepts")
    func executeWithApplication() throws {
        var server = try F.server()
        _ = server.response(to: prepare(0x12, 0, [0x01, 0x00]))
        _ = server.response(to: prepare(0x19, 0, [7]))
        let refused = try server.deferral(of: execute)
        #expect(refused.kind == .write([.init(handle: F.handle(0x19), offset: 0, value: [7])]))
        #expect(
            server.complete(id: refused.id, result: .error(.writeRequestRejected))?.response
                == F.error(.executeWriteRequest, 0x19, .writeRequestRejected))
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == [])

        _ = server.response(to: prepare(0x12, 0, [0x01, 0x00]))
        _ = server.response(to: prepare(0x19, 0, [7]))
        let accepted = try server.deferral(of: execute)
        #expect(
            server.complete(id: accepted.id, result: .written)?.response
                == .executeWriteResponse(ATTExecuteWriteResponse()))
        #expect(server.clientConfiguration(of: F.first.id, for: F.handle(0x11)) == .notification)
    }
}
