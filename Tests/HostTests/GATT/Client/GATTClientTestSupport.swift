import HCI
import Host
import Testing

/// How a procedure ended when driven to completion, with every request it sent.
struct GATTClientRun<Result> {
    /// The requests in the order sent, each after a trip through its wire form.
    var requests: [ATTPDU] = []
    /// The final step: finished or failed; nil if the procedure was still asking after the step limit.
    var outcome: GATTClientStep<Result>?

    var result: Result? {
        guard case .finished(let result)? = outcome else { return nil }
        return result
    }

    var error: GATTClientError? {
        guard case .failed(let error)? = outcome else { return nil }
        return error
    }
}

/// Drivers that feed answers to GATT client procedures.
enum GATTClientDriver {
    /// More requests than any test procedure needs; a procedure still asking after this many loops.
    static let stepLimit = 2_000

    /// Runs `procedure` until it ends, answering each request with `answer`; every PDU crosses its wire form.
    static func run<P: GATTClientProcedure>(
        _ procedure: P, answer: (ATTPDU) -> ATTPDU, sourceLocation: SourceLocation = #_sourceLocation
    ) -> GATTClientRun<P.Result> {
        var procedure = procedure
        var run = GATTClientRun<P.Result>()
        var step = procedure.start()
        while case .send(let pdu) = step {
            guard run.requests.count < stepLimit else {
                Issue.record("procedure still sending after \(stepLimit) requests", sourceLocation: sourceLocation)
                return run
            }
            let request = wireTrip(pdu, sourceLocation: sourceLocation)
            run.requests.append(request)
            step = procedure.received(wireTrip(answer(request), sourceLocation: sourceLocation))
        }
        run.outcome = step
        return run
    }

    /// Runs `procedure` against `server`.
    static func run<P: GATTClientProcedure>(
        _ procedure: P, on server: inout GATTClientTestServer, sourceLocation: SourceLocation = #_sourceLocation
    ) -> GATTClientRun<P.Result> {
        run(procedure, answer: { server.answer($0) }, sourceLocation: sourceLocation)
    }

    /// Runs `procedure` through a script of (expected request, answer) pairs, checking each request
    /// and that the script is used up.
    static func run<P: GATTClientProcedure>(
        _ procedure: P, script: [(expect: ATTPDU, answer: ATTPDU)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> GATTClientRun<P.Result> {
        var remaining = script[...]
        let run = run(
            procedure,
            answer: { request in
                guard let exchange = remaining.popFirst() else {
                    Issue.record("unscripted request \(request)", sourceLocation: sourceLocation)
                    return .unknown(opcode: ATTOpcode(rawValue: 0xFF), parameters: [])
                }
                #expect(request == exchange.expect, sourceLocation: sourceLocation)
                return exchange.answer
            }, sourceLocation: sourceLocation)
        #expect(remaining.isEmpty, "\(remaining.count) scripted exchanges left", sourceLocation: sourceLocation)
        return run
    }

    private static func wireTrip(_ pdu: ATTPDU, sourceLocation: SourceLocation) -> ATTPDU {
        do {
            return try ATTPDU(decoding: pdu.encoded)
        } catch {
            Issue.record("\(pdu) does not survive its wire form: \(error)", sourceLocation: sourceLocation)
            return pdu
        }
    }
}

/// Shorthands for building the PDUs of scripted exchanges.
enum GATTClientPDU {
    static func h(_ raw: UInt16) -> AttributeHandle { AttributeHandle(rawValue: raw) }

    static func error(_ request: ATTOpcode, _ handle: UInt16, _ code: ATTErrorCode) -> ATTPDU {
        .errorResponse(ATTErrorResponse(requestOpcode: request, handle: h(handle), error: code))
    }

    static func readByGroupType(_ start: UInt16, _ end: UInt16) -> ATTPDU {
        .readByGroupTypeRequest(
            ATTReadByGroupTypeRequest(
                startingHandle: h(start), endingHandle: h(end), attributeGroupType: .init(uuid16: 0x2800)))
    }

    static func groups(_ entries: [(UInt16, UInt16, [UInt8])]) -> ATTPDU {
        .readByGroupTypeResponse(
            ATTReadByGroupTypeResponse(
                attributeData: entries.map { .init(handle: h($0.0), endGroupHandle: h($0.1), value: $0.2) }))
    }

    static func readByType(_ start: UInt16, _ end: UInt16, _ type: UInt16) -> ATTPDU {
        .readByTypeRequest(
            ATTReadByTypeRequest(startingHandle: h(start), endingHandle: h(end), attributeType: .init(uuid16: type)))
    }

    static func values(_ entries: [(UInt16, [UInt8])]) -> ATTPDU {
        .readByTypeResponse(ATTReadByTypeResponse(attributeData: entries.map { .init(handle: h($0.0), value: $0.1) }))
    }

    static func findInformation(_ start: UInt16, _ end: UInt16) -> ATTPDU {
        .findInformationRequest(ATTFindInformationRequest(startingHandle: h(start), endingHandle: h(end)))
    }

    static func information(_ entries: [(UInt16, BluetoothUUID)]) -> ATTPDU {
        .findInformationResponse(
            ATTFindInformationResponse(
                format: entries.allSatisfy { $0.1.uuid16 != nil } ? .uuid16 : .uuid128,
                entries: entries.map { .init(handle: h($0.0), uuid: $0.1) }))
    }

    static func read(_ handle: UInt16) -> ATTPDU { .readRequest(ATTReadRequest(handle: h(handle))) }

    static func readBlob(_ handle: UInt16, _ offset: UInt16) -> ATTPDU {
        .readBlobRequest(ATTReadBlobRequest(handle: h(handle), offset: offset))
    }

    static func prepare(_ handle: UInt16, _ offset: UInt16, _ value: [UInt8]) -> ATTPDU {
        .prepareWriteRequest(ATTPrepareWriteRequest(handle: h(handle), offset: offset, value: value))
    }

    static func prepared(_ handle: UInt16, _ offset: UInt16, _ value: [UInt8]) -> ATTPDU {
        .prepareWriteResponse(ATTPrepareWriteResponse(handle: h(handle), offset: offset, value: value))
    }

    static func execute(_ flags: ATTExecuteWriteRequest.Flags) -> ATTPDU {
        .executeWriteRequest(ATTExecuteWriteRequest(flags: flags))
    }

    static let executed = ATTPDU.executeWriteResponse(ATTExecuteWriteResponse())

    /// A 16-bit UUID's ATT form.
    static func uuid16(_ value: UInt16) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(value >> 8)] }

    /// Little-endian handle bytes.
    static func le(_ value: UInt16) -> [UInt8] { uuid16(value) }

    /// `count` bytes counting up from 0, wrapping.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0) } }
}
