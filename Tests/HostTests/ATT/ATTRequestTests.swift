import HCI
import Host
import Testing

@Suite("ATT request and response pairing", .timeLimit(.minutes(2)))
struct ATTRequestTests {
    struct Pairing: Sendable, CustomTestStringConvertible {
        let request: ATTOpcode
        let response: ATTOpcode
        var testDescription: String { request.name }

        init<R: ATTRequest>(_: R.Type) {
            request = R.opcode
            response = R.Response.opcode
        }
    }

    static let pairings = [
        Pairing(ATTExchangeMTURequest.self), Pairing(ATTFindInformationRequest.self),
        Pairing(ATTFindByTypeValueRequest.self), Pairing(ATTReadByTypeRequest.self), Pairing(ATTReadRequest.self),
        Pairing(ATTReadBlobRequest.self), Pairing(ATTReadMultipleRequest.self),
        Pairing(ATTReadByGroupTypeRequest.self), Pairing(ATTWriteRequest.self), Pairing(ATTPrepareWriteRequest.self),
        Pairing(ATTExecuteWriteRequest.self), Pairing(ATTReadMultipleVariableRequest.self),
    ]

    @Test("each request's Response type is the response the spec pairs with it", arguments: pairings)
    func paired(pairing: Pairing) {
        #expect(pairing.request.kind == .request)
        #expect(pairing.response.kind == .response)
        #expect(pairing.response.rawValue == pairing.request.rawValue + 1)
    }

    @Test("every request opcode the spec defines has a typed request")
    func everyRequestTyped() {
        let requests = (0...255).map { ATTOpcode(rawValue: UInt8($0)) }.filter { $0.isKnown && $0.kind == .request }
        #expect(Set(requests) == Set(Self.pairings.map(\.request)))
    }
}
