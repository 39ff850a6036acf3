import Host
import Testing

@testable import CoreBluetooth

@Suite("CBATTError", .timeLimit(.minutes(2)))
struct CBATTErrorTests {
    static let codes: [(CBATTError.Code, Int, String?)] = [
        (.success, 0x00, nil),
        (.invalidHandle, 0x01, "The handle is invalid."),
        (.readNotPermitted, 0x02, "Reading is not permitted."),
        (.writeNotPermitted, 0x03, "Writing is not permitted."),
        (.invalidPdu, 0x04, "The command is invalid."),
        (.insufficientAuthentication, 0x05, "Authentication is insufficient."),
        (.requestNotSupported, 0x06, "The request is not supported."),
        (.invalidOffset, 0x07, "The offset is invalid."),
        (.insufficientAuthorization, 0x08, "Authorization is insufficient."),
        (.prepareQueueFull, 0x09, "The prepare queue is full."),
        (.attributeNotFound, 0x0A, "The attribute could not be found."),
        (.attributeNotLong, 0x0B, "The attribute is not long."),
        (.insufficientEncryptionKeySize, 0x0C, "The encryption key size is insufficient."),
        (.invalidAttributeValueLength, 0x0D, "The value's length is invalid."),
        (.unlikelyError, 0x0E, "Unlikely error."),
        (.insufficientEncryption, 0x0F, "Encryption is insufficient."),
        (.unsupportedGroupType, 0x10, "The group type is unsupported."),
        (.insufficientResources, 0x11, "Resources are insufficient."),
    ]

    @Test("codes are the ATT error codes, with iOS's descriptions")
    func rawValuesAndDescriptions() {
        for (code, raw, text) in Self.codes {
            #expect(code.rawValue == raw)
            #expect(code.appleDescription == text)
        }
        #expect(CBATTError.Code(rawValue: 0x12) == nil)
        #expect(CBATTError.Code(rawValue: 0x80) == nil)
    }

    @Test("the domain is CBATTErrorDomain, and a thrown error matches its static code name")
    func domainAndMatching() {
        #expect(CBATTErrorDomain == "CBATTErrorDomain")
        #expect(CBATTError.errorDomain == "CBATTErrorDomain")
        let error: any Error = CBATTError(.insufficientEncryption)
        #expect((error as NSError).domain == CBATTErrorDomain)
        #expect((error as NSError).code == 0x0F)
        func fail() throws { throw CBATTError(.readNotPermitted) }
        var matched = false
        do { try fail() } catch CBATTError.readNotPermitted { matched = true } catch {}
        #expect(matched)
    }

    @Test("an Error Response code with a CBATTError case is reported as that CBATTError with iOS's description")
    func reportedKnownCode() throws {
        let reported = CBATTError.reported(for: .readNotPermitted)
        let error = try #require(reported as? CBATTError)
        #expect(error.code == .readNotPermitted)
        #expect(reported.localizedDescription == "Reading is not permitted.")
        let keySize = try #require(CBATTError.reported(for: .encryptionKeySizeTooShort) as? CBATTError)
        #expect(keySize.code == .insufficientEncryptionKeySize)
    }

    @Test("other Error Response codes are reported as NSErrors in CBATTErrorDomain keeping the code")
    func reportedUnknownCode() {
        for raw: UInt8 in [0x12, 0x13, 0x80, 0x9F, 0xFC, 0xFF] {
            let reported = CBATTError.reported(for: ATTErrorCode(rawValue: raw))
            #expect(!(reported is CBATTError))
            let nsError = reported as NSError
            #expect(nsError.domain == CBATTErrorDomain)
            #expect(nsError.code == Int(raw))
            #expect(nsError.localizedDescription == "Unknown ATT error.")
        }
    }

    @Test("errors are equal when code and user info are, and equal errors hash alike")
    func equality() {
        #expect(CBATTError(.invalidOffset) == CBATTError(.invalidOffset))
        #expect(CBATTError(.invalidOffset) != CBATTError(.invalidHandle))
        #expect(CBATTError(reporting: .invalidOffset) != CBATTError(.invalidOffset))
        #expect(Set([CBATTError(.invalidOffset), CBATTError(.invalidOffset)]).count == 1)
    }

    @Test("codes convert to and from the host stack's ATT error codes")
    func hostCodes() {
        for (code, raw, _) in Self.codes {
            #expect(code.attErrorCode == ATTErrorCode(rawValue: UInt8(raw)))
            #expect(CBATTError.Code(code.attErrorCode) == code)
        }
        #expect(CBATTError.Code(ATTErrorCode.insufficientResources) == .insufficientResources)
        #expect(CBATTError.Code(ATTErrorCode.databaseOutOfSync) == nil)
    }
}
