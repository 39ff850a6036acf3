import HCI
import Host
import Testing

@Suite("GATT server permission checks", .timeLimit(.minutes(2)))
struct GATTServerSecurityTests {
    typealias F = GATTFixtures

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let request: ATTPDU
        let security: LinkSecurity
        let error: ATTErrorCode?
        var testDescription: String { name }
    }

    static let weakKey = LinkSecurity(level: .encrypted, keySize: 7)
    static let weakAuthenticatedKey = LinkSecurity(level: .authenticated, keySize: 10)
    static let readSecret = ATTPDU.readRequest(ATTReadRequest(handle: F.handle(0x20)))
    static let blobSecret = ATTPDU.readBlobRequest(ATTReadBlobRequest(handle: F.handle(0x20), offset: 0))
    static let writeSecret = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x20), value: [1]))
    static let prepareSecret = ATTPDU.prepareWriteRequest(
        ATTPrepareWriteRequest(handle: F.handle(0x20), offset: 0, value: [1]))
    static let subscribeAlert = ATTPDU.writeRequest(ATTWriteRequest(handle: F.handle(0x23), value: [0x02, 0x00]))
    static let readAlertCCCD = ATTPDU.readRequest(ATTReadRequest(handle: F.handle(0x23)))

    static let cases: [Case] = [
        Case(
            name: "encrypted read on an unencrypted link: Insufficient Encryption", request: readSecret,
            security: .unencrypted, error: .insufficientEncryption),
        Case(name: "encrypted read with a 16-byte key: allowed", request: readSecret, security: .encrypted, error: nil),
        Case(
            name: "encrypted read with a 7-byte key: Encryption Key Size Too Short (GATT/SR/GAR/BI-05-C)",
            request: readSecret, security: weakKey, error: .encryptionKeySizeTooShort),
        Case(
            name: "encrypted Read Blob on an unencrypted link: Insufficient Encryption", request: blobSecret,
            security: .unencrypted, error: .insufficientEncryption),
        Case(
            name: "authenticated write on an unencrypted link: Insufficient Authentication (GATT/SR/GAW/BI-05-C)",
            request: writeSecret, security: .unencrypted, error: .insufficientAuthentication),
        Case(
            name: "authenticated write on an unauthenticated link: Insufficient Authentication", request: writeSecret,
            security: .encrypted, error: .insufficientAuthentication),
        Case(
            name: "authenticated write on an authenticated link: allowed", request: writeSecret,
            security: .authenticated, error: nil),
        Case(
            name: "authenticated write with a 10-byte key: Encryption Key Size Too Short (GATT/SR/GAW/BI-06-C)",
            request: writeSecret, security: weakAuthenticatedKey, error: .encryptionKeySizeTooShort),
        Case(
            name:
                "authenticated Prepare Write, unauthenticated link: Insufficient Authentication (GATT/SR/GAW/BI-12-C)",
            request: prepareSecret, security: .encrypted, error: .insufficientAuthentication),
        Case(
            name: "CCCD of an indicateEncryptionRequired characteristic, written unencrypted: Insufficient Encryption",
            request: subscribeAlert, security: .unencrypted, error: .insufficientEncryption),
        Case(
            name: "CCCD of an indicateEncryptionRequired characteristic, written encrypted: allowed",
            request: subscribeAlert, security: .encrypted, error: nil),
        Case(
            name: "CCCD of an indicateEncryptionRequired characteristic, read unencrypted: allowed",
            request: readAlertCCCD, security: .unencrypted, error: nil),
    ]

    @Test("each permission is enforced with the error code the link calls for", arguments: cases)
    func permission(testCase: Case) throws {
        var server = try F.server()
        let outcome = server.handle(testCase.request, from: F.context(security: testCase.security))
        if let error = testCase.error {
            let handle: UInt16 = testCase.request == Self.subscribeAlert ? 0x23 : 0x20
            #expect(outcome == .respond(F.error(testCase.request.opcode, handle, error)))
        } else {
            switch outcome {
            case .respond(.errorResponse(let response)): Issue.record("refused with \(response.error)")
            case .none: Issue.record("no answer")
            case .respond, .deferred: break
            }
        }
    }

    @Test("the minimum key size is configurable")
    func minimumKeySize() throws {
        var server = try F.server(GATTServerConfiguration(minimumEncryptionKeySize: 7))
        #expect(throws: Never.self) {
            _ = try server.deferral(of: Self.readSecret, from: F.context(security: Self.weakKey))
        }
    }

    @Test("the link's security is taken from each request, so encrypting later unlocks the attribute")
    func securityChanges() throws {
        var server = try F.server()
        #expect(server.response(to: Self.readSecret) == F.error(.readRequest, 0x20, .insufficientEncryption))
        _ = try server.deferral(of: Self.readSecret, from: F.context(security: .encrypted))
    }
}
