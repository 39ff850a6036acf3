import HCI
import Host
import Testing

@Suite("ATT error codes", .timeLimit(.minutes(2)))
struct ATTErrorCodeTests {
    /// Vol 3, Part F, table 3.4, and the common profile and service error codes of the Supplement, Part B.
    static let table: [(ATTErrorCode, UInt8, String)] = [
        (.invalidHandle, 0x01, "Invalid Handle"), (.readNotPermitted, 0x02, "Read Not Permitted"),
        (.writeNotPermitted, 0x03, "Write Not Permitted"), (.invalidPDU, 0x04, "Invalid PDU"),
        (.insufficientAuthentication, 0x05, "Insufficient Authentication"),
        (.requestNotSupported, 0x06, "Request Not Supported"), (.invalidOffset, 0x07, "Invalid Offset"),
        (.insufficientAuthorization, 0x08, "Insufficient Authorization"),
        (.prepareQueueFull, 0x09, "Prepare Queue Full"), (.attributeNotFound, 0x0A, "Attribute Not Found"),
        (.attributeNotLong, 0x0B, "Attribute Not Long"),
        (.encryptionKeySizeTooShort, 0x0C, "Encryption Key Size Too Short"),
        (.invalidAttributeValueLength, 0x0D, "Invalid Attribute Value Length"),
        (.unlikelyError, 0x0E, "Unlikely Error"), (.insufficientEncryption, 0x0F, "Insufficient Encryption"),
        (.unsupportedGroupType, 0x10, "Unsupported Group Type"),
        (.insufficientResources, 0x11, "Insufficient Resources"),
        (.databaseOutOfSync, 0x12, "Database Out Of Sync"), (.valueNotAllowed, 0x13, "Value Not Allowed"),
        (.writeRequestRejected, 0xFC, "Write Request Rejected"),
        (.cccdImproperlyConfigured, 0xFD, "Client Characteristic Configuration Descriptor Improperly Configured"),
        (.procedureAlreadyInProgress, 0xFE, "Procedure Already in Progress"), (.outOfRange, 0xFF, "Out of Range"),
    ]

    @Test("each code has the spec's value and name")
    func codes() {
        for (code, raw, name) in Self.table {
            #expect(code.rawValue == raw, "\(name)")
            #expect(code.name == name)
        }
        #expect(Set(Self.table.map(\.0)).count == Self.table.count)
    }

    @Test("0x80 to 0x9F are application errors and keep their number")
    func applicationErrors() {
        #expect(ATTErrorCode(rawValue: 0x80).isApplicationError)
        #expect(ATTErrorCode(rawValue: 0x9F).isApplicationError)
        #expect(!ATTErrorCode(rawValue: 0x7F).isApplicationError)
        #expect(!ATTErrorCode(rawValue: 0xA0).isApplicationError)
        #expect(ATTErrorCode(rawValue: 0x85).name == "Application Error 0x85")
    }

    @Test("0xE0 to 0xFF are common profile and service errors")
    func commonErrors() {
        #expect(ATTErrorCode.outOfRange.isCommonProfileAndServiceError)
        #expect(ATTErrorCode(rawValue: 0xE0).isCommonProfileAndServiceError)
        #expect(!ATTErrorCode(rawValue: 0xDF).isCommonProfileAndServiceError)
        #expect(!ATTErrorCode.invalidPDU.isCommonProfileAndServiceError)
    }

    @Test("a reserved code stays representable, prints its number and travels as one byte")
    func reserved() throws {
        let code = try ATTErrorCode(decoding: [0x14])
        #expect(code.rawValue == 0x14)
        #expect(code.name == "error 0x14")
        #expect(code.description == "error 0x14 (0x14)")
        #expect(code.encoded == [0x14])
        #expect(ATTErrorCode.invalidPDU.description == "Invalid PDU (0x4)")
    }
}
