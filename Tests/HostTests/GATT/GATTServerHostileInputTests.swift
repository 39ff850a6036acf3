import HCI
import Host
import Testing

@Suite("GATT server on malformed and hostile input", .timeLimit(.minutes(2)))
struct GATTServerHostileInputTests {
    typealias F = GATTFixtures

    /// Well-formed requests, written out from the spec's layouts, each with the opcode that starts it.
    static let requests: [[UInt8]] = [
        "02 17 00", "04 01 00 FF FF", "06 01 00 FF FF 00 28 0D 18", "08 01 00 FF FF 03 28", "0A 14 00",
        "0C 1E 00 16 00",
        "0E 14 00 05 00", "10 01 00 FF FF 00 28", "12 16 00 01", "16 19 00 00 00 01", "18 01", "20 14 00 05 00",
    ].map(ATTFixtures.bytes)

    @Test("every truncation of a request gets Invalid PDU with the request's opcode")
    func truncatedRequests() throws {
        var server = try F.server()
        for request in Self.requests {
            let opcode = ATTOpcode(rawValue: request[0])
            let value: Int =
                switch opcode {
                case .writeRequest, .prepareWriteRequest: 1
                case .findByTypeValueRequest: 2
                default: 0
                }
            for length in 1..<(request.count - value) {
                let outcome = server.handle(pdu: Array(request.prefix(length)), from: F.first)
                #expect(
                    outcome == .respond(F.error(opcode, 0x0000, .invalidPDU)), "\(opcode.name) cut to \(length) bytes")
            }
            let whole = server.handle(pdu: request, from: F.first)
            if case .respond(.errorResponse(let error)) = whole, error.error == .invalidPDU {
                Issue.record("\(opcode.name) whole was refused as malformed")
            }
        }
    }

    @Test("trailing bytes, odd handle lists and bad UUID lengths are Invalid PDU")
    func malformedShapes() throws {
        var server = try F.server()
        for hex in [
            "0A 14 00 00", "0E 14 00 05", "0E 14 00 05 00 01", "08 01 00 FF FF 03 28 00", "10 01 00 FF FF 00 28 00 00",
            "18 01 00", "02 17 00 00",
        ] {
            let bytes = ATTFixtures.bytes(hex)
            #expect(
                server.handle(pdu: bytes, from: F.first)
                    == .respond(F.error(ATTOpcode(rawValue: bytes[0]), 0x0000, .invalidPDU)), "\(hex)")
        }
    }

    @Test("a range that starts at 0x0000 or after its end is Invalid Handle naming the start (GATT/SR/GAD/BI-01-C)")
    func invalidRanges() throws {
        var server = try F.server()
        for (start, end): (UInt16, UInt16) in [(0x0000, 0xFFFF), (0x0010, 0x000F), (0xFFFF, 0x0001)] {
            let s = F.handle(start)
            let e = F.handle(end)
            let requests: [ATTPDU] = [
                .findInformationRequest(ATTFindInformationRequest(startingHandle: s, endingHandle: e)),
                .findByTypeValueRequest(
                    ATTFindByTypeValueRequest(
                        startingHandle: s, endingHandle: e, attributeType: 0x2800, attributeValue: [0x0D, 0x18])),
                .readByTypeRequest(
                    ATTReadByTypeRequest(startingHandle: s, endingHandle: e, attributeType: .characteristic)),
                .readByGroupTypeRequest(
                    ATTReadByGroupTypeRequest(startingHandle: s, endingHandle: e, attributeGroupType: .primaryService)),
            ]
            for request in requests {
                #expect(server.response(to: request) == F.error(request.opcode, start, .invalidHandle))
            }
        }
    }

    @Test("a range past the last attribute is Attribute Not Found naming the start (GATT/SR/GAR/BI-07-C)")
    func emptyRanges() throws {
        var server = try F.server()
        let s = F.handle(0x2C)
        let requests: [ATTPDU] = [
            .findInformationRequest(ATTFindInformationRequest(startingHandle: s, endingHandle: .max)),
            .findByTypeValueRequest(
                ATTFindByTypeValueRequest(
                    startingHandle: s, endingHandle: .max, attributeType: 0x2800, attributeValue: [])),
            .readByTypeRequest(
                ATTReadByTypeRequest(startingHandle: s, endingHandle: .max, attributeType: .characteristic)),
            .readByGroupTypeRequest(
                ATTReadByGroupTypeRequest(startingHandle: s, endingHandle: .max, attributeGroupType: .primaryService)),
            .readByTypeRequest(
                ATTReadByTypeRequest(
                    startingHandle: .min, endingHandle: .max, attributeType: BluetoothUUID(uuid16: 0x2A99))),
        ]
        for request in requests {
            let start: UInt16 = request.opcode == .readByTypeRequest && request != requests[2] ? 0x0001 : 0x2C
            #expect(server.response(to: request) == F.error(request.opcode, start, .attributeNotFound))
        }
    }

    @Test("an unknown request is Request Not Supported; an unknown command is ignored (GATT/SR/UNS/BI-01-C, BI-02-C)")
    func unsupported() throws {
        var server = try F.server()
        #expect(
            server.handle(pdu: [0x3F, 0x01, 0x02], from: F.first)
                == .respond(F.error(ATTOpcode(rawValue: 0x3F), 0x0000, .requestNotSupported)))
        #expect(server.handle(pdu: [0x7F, 0x01], from: F.first) == .none)
        #expect(server.handle(pdu: [0xD3, 0x00], from: F.first) == .none)
    }

    @Test("a Signed Write Command, server-to-client PDUs and an empty PDU get no answer")
    func ignored() throws {
        var server = try F.server()
        let ignored: [ATTPDU] = [
            .signedWriteCommand(
                ATTSignedWriteCommand(handle: F.handle(0x19), value: [1], signature: Array(repeating: 0, count: 12))),
            .readResponse(ATTReadResponse(value: [1])),
            .errorResponse(ATTErrorResponse(requestOpcode: .readRequest, handle: F.handle(1), error: .invalidHandle)),
            .handleValueNotification(ATTHandleValueNotification(handle: F.handle(0x19), value: [1])),
            .handleValueIndication(ATTHandleValueIndication(handle: F.handle(0x19), value: [1])),
            .exchangeMTUResponse(ATTExchangeMTUResponse(serverRxMTU: 23)),
        ]
        for pdu in ignored {
            #expect(server.handle(pdu, from: F.first) == .none)
        }
        #expect(server.handle(pdu: [], from: F.first) == .none)
        #expect(server.handle(pdu: [0x52, 0x19], from: F.first) == .none)
    }

    @Test("Execute Write with a reserved flag is Invalid PDU and keeps the queue")
    func reservedExecuteFlag() throws {
        var server = try F.server()
        _ = server.response(
            to: .prepareWriteRequest(ATTPrepareWriteRequest(handle: F.handle(0x19), offset: 0, value: [1])))
        let reserved = ATTPDU.executeWriteRequest(ATTExecuteWriteRequest(flags: .init(rawValue: 0x02)))
        #expect(server.response(to: reserved) == F.error(.executeWriteRequest, 0x0000, .invalidPDU))
        let deferred = try server.deferral(of: .executeWriteRequest(ATTExecuteWriteRequest(flags: .writeAll)))
        #expect(deferred.kind == .write([.init(handle: F.handle(0x19), offset: 0, value: [1])]))
    }

    @Test("an MTU out of range from the link is brought into 23...517")
    func mtuClamped() throws {
        var server = try F.server()
        server.update(F.context(mtu: 5))
        #expect(server.mtu(of: F.first.id) == 23)
        server.update(F.context(mtu: 70_000))
        #expect(server.mtu(of: F.first.id) == 517)
    }

    /// A small deterministic generator (SplitMix64), so every run sees the same inputs.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("random PDUs never trap; every request gets exactly one answer that fits the MTU and names its opcode")
    func randomPDUs() throws {
        var server = try F.server()
        var generator = SplitMix64(state: 0x6A77_5E4F)
        let opcodes: [UInt8] = [
            0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x0E, 0x10, 0x12, 0x16, 0x18, 0x1E, 0x20, 0x52, 0xD2,
        ]
        for iteration in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !bytes.isEmpty { bytes[0] = opcodes[Int.random(in: 0..<opcodes.count, using: &generator)] }
            if bytes.count > 2, Bool.random(using: &generator) { bytes[2] = 0 }
            let mtu = [23, 64, 517][iteration % 3]
            let context = F.context(
                UInt16(0x40 + iteration % 4), security: iteration % 5 == 0 ? .authenticated : .unencrypted, mtu: mtu)
            let outcome = server.handle(pdu: bytes, from: context)
            let opcode = bytes.first.map { ATTOpcode(rawValue: $0) }
            switch outcome {
            case .respond(let response):
                #expect(opcode?.kind == .request)
                #expect(response.encoded.count <= server.mtu(of: context.id) ?? 23, "\(bytes) → \(response)")
                if case .errorResponse(let error) = response { #expect(error.requestOpcode == opcode) }
            case .deferred(let request):
                switch request.kind {
                case .read(let reads):
                    _ = server.complete(
                        id: request.id, result: .values(reads.map { _ in Array(repeating: 0xAB, count: 600) }))
                case .write: _ = server.complete(id: request.id, result: .written)
                case .writeWithoutResponse: #expect(opcode == .writeCommand)
                }
            case .none:
                #expect(opcode?.kind != .request)
            }
            while server.nextOutgoingPDU(for: context.id) != nil {}
            if iteration % 1000 == 999 { _ = server.takeEvents() }
        }
    }
}
