import HCI

/// Why a server refused an ATT request, as carried in an Error Response; unknown codes stay representable.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.1.1; Core Specification Supplement, Part B.
public struct ATTErrorCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The attribute handle given was not valid on this server. Spec value 0x01.
    public static let invalidHandle = ATTErrorCode(rawValue: 0x01)
    /// The attribute cannot be read. Spec value 0x02.
    public static let readNotPermitted = ATTErrorCode(rawValue: 0x02)
    /// The attribute cannot be written. Spec value 0x03.
    public static let writeNotPermitted = ATTErrorCode(rawValue: 0x03)
    /// The PDU was malformed, e.g. of the wrong length. Spec value 0x04.
    public static let invalidPDU = ATTErrorCode(rawValue: 0x04)
    /// The attribute needs an authenticated link before it can be read or written. Spec value 0x05.
    public static let insufficientAuthentication = ATTErrorCode(rawValue: 0x05)
    /// The server does not support the request. Spec value 0x06.
    public static let requestNotSupported = ATTErrorCode(rawValue: 0x06)
    /// The offset given lies past the end of the attribute value. Spec value 0x07.
    public static let invalidOffset = ATTErrorCode(rawValue: 0x07)
    /// The attribute needs authorization before it can be read or written. Spec value 0x08.
    public static let insufficientAuthorization = ATTErrorCode(rawValue: 0x08)
    /// Too many prepared writes are queued. Spec value 0x09.
    public static let prepareQueueFull = ATTErrorCode(rawValue: 0x09)
    /// No attribute lies in the given handle range. Spec value 0x0A.
    public static let attributeNotFound = ATTErrorCode(rawValue: 0x0A)
    /// The attribute cannot be read with Read Blob Request. Spec value 0x0B.
    public static let attributeNotLong = ATTErrorCode(rawValue: 0x0B)
    /// The link's encryption key is too short; formerly Insufficient Encryption Key Size. Spec value 0x0C.
    public static let encryptionKeySizeTooShort = ATTErrorCode(rawValue: 0x0C)
    /// The value's length is not valid for the operation. Spec value 0x0D.
    public static let invalidAttributeValueLength = ATTErrorCode(rawValue: 0x0D)
    /// The request met an unlikely error and could not be completed. Spec value 0x0E.
    public static let unlikelyError = ATTErrorCode(rawValue: 0x0E)
    /// The attribute needs an encrypted link before it can be read or written. Spec value 0x0F.
    public static let insufficientEncryption = ATTErrorCode(rawValue: 0x0F)
    /// The attribute type is not a grouping attribute the server supports. Spec value 0x10.
    public static let unsupportedGroupType = ATTErrorCode(rawValue: 0x10)
    /// The server has too few resources to complete the request. Spec value 0x11.
    public static let insufficientResources = ATTErrorCode(rawValue: 0x11)
    /// The server asks the client to rediscover its database. Spec value 0x12.
    public static let databaseOutOfSync = ATTErrorCode(rawValue: 0x12)
    /// A parameter value was not allowed. Spec value 0x13.
    public static let valueNotAllowed = ATTErrorCode(rawValue: 0x13)
    /// A write request was rejected by the profile or service. Spec value 0xFC.
    public static let writeRequestRejected = ATTErrorCode(rawValue: 0xFC)
    /// A Client Characteristic Configuration Descriptor is not configured as the operation needs. Spec value 0xFD.
    public static let cccdImproperlyConfigured = ATTErrorCode(rawValue: 0xFD)
    /// The request cannot be served while an earlier one is in progress. Spec value 0xFE.
    public static let procedureAlreadyInProgress = ATTErrorCode(rawValue: 0xFE)
    /// An attribute value is out of its allowed range. Spec value 0xFF.
    public static let outOfRange = ATTErrorCode(rawValue: 0xFF)

    /// The codes a higher layer specification defines for its own errors (0x80 to 0x9F).
    public static let applicationErrors: ClosedRange<UInt8> = 0x80...0x9F

    /// The codes the Core Specification Supplement defines for every profile and service (0xE0 to 0xFF).
    public static let commonProfileAndServiceErrors: ClosedRange<UInt8> = 0xE0...0xFF

    /// Whether a higher layer specification defines the code.
    public var isApplicationError: Bool { Self.applicationErrors.contains(rawValue) }

    /// Whether the code is one of the common profile and service error codes.
    public var isCommonProfileAndServiceError: Bool { Self.commonProfileAndServiceErrors.contains(rawValue) }

    /// The name the specification gives the code, or its number.
    public var name: String {
        if let name = Self.names[rawValue] { return name }
        let number = "0x" + String(rawValue, radix: 16)
        return isApplicationError ? "Application Error " + number : "error " + number
    }

    private static let names: [UInt8: String] = [
        0x01: "Invalid Handle", 0x02: "Read Not Permitted", 0x03: "Write Not Permitted",
        0x04: "Invalid PDU", 0x05: "Insufficient Authentication", 0x06: "Request Not Supported",
        0x07: "Invalid Offset", 0x08: "Insufficient Authorization", 0x09: "Prepare Queue Full",
        0x0A: "Attribute Not Found", 0x0B: "Attribute Not Long", 0x0C: "Encryption Key Size Too Short",
        0x0D: "Invalid Attribute Value Length", 0x0E: "Unlikely Error", 0x0F: "Insufficient Encryption",
        0x10: "Unsupported Group Type", 0x11: "Insufficient Resources", 0x12: "Database Out Of Sync",
        0x13: "Value Not Allowed", 0xFC: "Write Request Rejected",
        0xFD: "Client Characteristic Configuration Descriptor Improperly Configured",
        0xFE: "Procedure Already in Progress", 0xFF: "Out of Range",
    ]
}

extension ATTErrorCode: CustomStringConvertible {
    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}

extension ATTErrorCode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
