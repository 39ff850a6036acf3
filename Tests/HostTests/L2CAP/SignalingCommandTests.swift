import HCI
import Testing

@testable import Host

@Suite("LE signaling command codecs (Vol 3, Part A, 4)", .timeLimit(.minutes(2)))
struct SignalingCommandTests {
    @Test("Command Reject carries Reason and reason data (Vol 3, Part A, 4.1)")
    func commandReject() throws {
        try expectSignalingCodec(.commandReject(identifier: 0x05, .commandNotUnderstood), "01 05 02 00 00 00")
        try expectSignalingCodec(
            .commandReject(identifier: 0x03, .signalingMTUExceeded(actualMTU: 23)), "01 03 04 00 01 00 17 00")
        try expectSignalingCodec(
            .commandReject(
                identifier: 0x07,
                .invalidCID(local: L2CAPChannelID(rawValue: 0x40), remote: L2CAPChannelID(rawValue: 0x41))),
            "01 07 06 00 02 00 40 00 41 00")
        #expect(throws: DecodeError.self) { try CommandReject(decoding: [0x00]) }
    }

    @Test("Disconnection Request and Response carry Destination CID then Source CID (Vol 3, Part A, 4.6 and 4.7)")
    func disconnection() throws {
        let dcid = L2CAPChannelID(rawValue: 0x0040)
        let scid = L2CAPChannelID(rawValue: 0x0041)
        try expectSignalingCodec(
            .disconnectionRequest(identifier: 2, DisconnectionRequest(destinationCID: dcid, sourceCID: scid)),
            "06 02 04 00 40 00 41 00")
        try expectSignalingCodec(
            .disconnectionResponse(identifier: 2, DisconnectionResponse(destinationCID: dcid, sourceCID: scid)),
            "07 02 04 00 40 00 41 00")
        expectFieldsRejectMalformedLengths(DisconnectionRequest(destinationCID: dcid, sourceCID: scid))
        expectFieldsRejectMalformedLengths(DisconnectionResponse(destinationCID: dcid, sourceCID: scid))
    }

    @Test("Connection Parameter Update Request carries interval range, latency and timeout (Vol 3, Part A, 4.20)")
    func connectionParameterUpdateRequest() throws {
        let request = ConnectionParameterUpdateRequest(intervalMin: 24, intervalMax: 40, latency: 4, timeout: 600)
        try expectSignalingCodec(
            .connectionParameterUpdateRequest(identifier: 1, request), "12 01 08 00 18 00 28 00 04 00 58 02")
        expectFieldsRejectMalformedLengths(request)
    }

    @Test("Connection Parameter Update Response carries the result (Vol 3, Part A, 4.21)")
    func connectionParameterUpdateResponse() throws {
        try expectSignalingCodec(
            .connectionParameterUpdateResponse(identifier: 1, ConnectionParameterUpdateResponse(result: .accepted)),
            "13 01 02 00 00 00")
        try expectSignalingCodec(
            .connectionParameterUpdateResponse(identifier: 1, ConnectionParameterUpdateResponse(result: .rejected)),
            "13 01 02 00 01 00")
        expectFieldsRejectMalformedLengths(ConnectionParameterUpdateResponse(result: .rejected))
    }

    @Test("LE Credit Based Connection Request carries SPSM, Source CID, MTU, MPS and credits (Vol 3, Part A, 4.22)")
    func leCreditBasedConnectionRequest() throws {
        let request = LECreditBasedConnectionRequest(
            spsm: SPSM(rawValue: 0x0080), sourceCID: L2CAPChannelID(rawValue: 0x0040), mtu: 512, mps: 247,
            initialCredits: 10)
        try expectSignalingCodec(
            .leCreditBasedConnectionRequest(identifier: 9, request), "14 09 0a 00 80 00 40 00 00 02 f7 00 0a 00")
        expectFieldsRejectMalformedLengths(request)
    }

    @Test("LE Credit Based Connection Response carries its CID, MTU, MPS, credits and result (Vol 3, Part A, 4.23)")
    func leCreditBasedConnectionResponse() throws {
        let response = LECreditBasedConnectionResponse(
            destinationCID: L2CAPChannelID(rawValue: 0x0041), mtu: 1024, mps: 100, initialCredits: 5, result: .success)
        try expectSignalingCodec(
            .leCreditBasedConnectionResponse(identifier: 9, response), "15 09 0a 00 41 00 00 04 64 00 05 00 00 00")
        try expectSignalingCodec(
            .leCreditBasedConnectionResponse(identifier: 9, .refused(.spsmNotSupported)),
            "15 09 0a 00 00 00 00 00 00 00 00 00 02 00")
        expectFieldsRejectMalformedLengths(response)
    }

    @Test("connection result codes have the spec's values (Vol 3, Part A, 4.23)")
    func resultCodes() {
        typealias Result = LECreditBasedConnectionResponse.Result
        let codes: [(Result, UInt16)] = [
            (.success, 0x0000), (.spsmNotSupported, 0x0002), (.noResourcesAvailable, 0x0004),
            (.insufficientAuthentication, 0x0005), (.insufficientAuthorization, 0x0006),
            (.encryptionKeySizeTooShort, 0x0007), (.insufficientEncryption, 0x0008), (.invalidSourceCID, 0x0009),
            (.sourceCIDAlreadyAllocated, 0x000A), (.unacceptableParameters, 0x000B),
        ]
        for (result, raw) in codes { #expect(result.rawValue == raw) }
    }

    @Test("Flow Control Credit Indication carries CID and credits (Vol 3, Part A, 4.24)")
    func flowControlCreditIndication() throws {
        let indication = FlowControlCreditIndication(cid: L2CAPChannelID(rawValue: 0x0040), credits: 3)
        try expectSignalingCodec(.flowControlCreditIndication(identifier: 0x0B, indication), "16 0b 04 00 40 00 03 00")
        expectFieldsRejectMalformedLengths(indication)
    }

    @Test("a command with an unknown code is kept as received")
    func unknown() throws {
        try expectSignalingCodec(
            .unknown(code: SignalingCode(rawValue: 0x0A), identifier: 4, data: [0x02, 0x00]), "0a 04 02 00 02 00")
    }

    @Test("a known command whose fields have the wrong length is malformed, with its code and identifier")
    func malformedFields() throws {
        #expect(
            throws: SignalingDecodeError.malformed(code: .disconnectionRequest, identifier: 2, .trailingBytes(count: 1))
        ) {
            try SignalingCommand(decoding: try l2capBytes("06 02 05 00 40 00 41 00 ff"))
        }
        #expect(
            throws: SignalingDecodeError.malformed(
                code: .disconnectionRequest, identifier: 2, .truncated(needed: 2, available: 1))
        ) {
            try SignalingCommand(decoding: try l2capBytes("06 02 03 00 40 00 41"))
        }
        #expect(
            throws: SignalingDecodeError.malformed(
                code: .flowControlCreditIndication, identifier: 3,
                .lengthMismatch(field: "Length", declared: 4, actual: 2))
        ) {
            try SignalingCommand(decoding: try l2capBytes("16 03 04 00 40 00"))
        }
        #expect(throws: SignalingDecodeError.unreadableHeader(.truncated(needed: 1, available: 0))) {
            try SignalingCommand(decoding: [0x06])
        }
    }
}
