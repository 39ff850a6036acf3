import Host

/// The error domain of `CBATTError`, as `(error as NSError).domain` reports it.
public let CBATTErrorDomain: String = "CBATTErrorDomain"

/// An ATT error: why a GATT server refused a read, write or other request, or the result a peripheral manager
/// answers a request with.
///
/// Shaped as Swift imports Apple's `NS_ERROR_ENUM`: a struct wrapping an `NSError` in ``CBATTErrorDomain``,
/// with a nested ``Code`` whose raw values are the ATT error codes.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.1.1.
public struct CBATTError: _BridgedStoredNSError {
    public let _nsError: NSError

    public init(_nsError error: NSError) {
        precondition(error.domain == CBATTErrorDomain, "CBATTError wraps only errors in CBATTErrorDomain")
        _nsError = error
    }

    public static var errorDomain: String { CBATTErrorDomain }

    public static var _nsErrorDomain: String { CBATTErrorDomain }

    /// The ATT error codes the Core Specification defines up to 0x11, plus `success` for answering requests.
    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        public typealias _ErrorType = CBATTError

        /// The request succeeded; used with `respond(to:withResult:)`.
        case success = 0x00
        /// The attribute handle was not valid on the server.
        case invalidHandle = 0x01
        /// The attribute cannot be read.
        case readNotPermitted = 0x02
        /// The attribute cannot be written.
        case writeNotPermitted = 0x03
        /// The request PDU was invalid.
        case invalidPdu = 0x04
        /// The attribute needs an authenticated link.
        case insufficientAuthentication = 0x05
        /// The server does not support the request.
        case requestNotSupported = 0x06
        /// The offset lies past the end of the value.
        case invalidOffset = 0x07
        /// The attribute needs authorization.
        case insufficientAuthorization = 0x08
        /// Too many prepared writes are queued.
        case prepareQueueFull = 0x09
        /// No attribute was found in the handle range.
        case attributeNotFound = 0x0A
        /// The attribute cannot be read with Read Blob.
        case attributeNotLong = 0x0B
        /// The link's encryption key is too short.
        case insufficientEncryptionKeySize = 0x0C
        /// The value's length is not valid for the operation.
        case invalidAttributeValueLength = 0x0D
        /// The request met an unlikely error.
        case unlikelyError = 0x0E
        /// The attribute needs an encrypted link.
        case insufficientEncryption = 0x0F
        /// The attribute type is not a supported grouping type.
        case unsupportedGroupType = 0x10
        /// The server has too few resources to complete the request.
        case insufficientResources = 0x11
    }

    /// The request succeeded.
    public static var success: CBATTError.Code { .success }
    /// The attribute handle was not valid on the server.
    public static var invalidHandle: CBATTError.Code { .invalidHandle }
    /// The attribute cannot be read.
    public static var readNotPermitted: CBATTError.Code { .readNotPermitted }
    /// The attribute cannot be written.
    public static var writeNotPermitted: CBATTError.Code { .writeNotPermitted }
    /// The request PDU was invalid.
    public static var invalidPdu: CBATTError.Code { .invalidPdu }
    /// The attribute needs an authenticated link.
    public static var insufficientAuthentication: CBATTError.Code { .insufficientAuthentication }
    /// The server does not support the request.
    public static var requestNotSupported: CBATTError.Code { .requestNotSupported }
    /// The offset lies past the end of the value.
    public static var invalidOffset: CBATTError.Code { .invalidOffset }
    /// The attribute needs authorization.
    public static var insufficientAuthorization: CBATTError.Code { .insufficientAuthorization }
    /// Too many prepared writes are queued.
    public static var prepareQueueFull: CBATTError.Code { .prepareQueueFull }
    /// No attribute was found in the handle range.
    public static var attributeNotFound: CBATTError.Code { .attributeNotFound }
    /// The attribute cannot be read with Read Blob.
    public static var attributeNotLong: CBATTError.Code { .attributeNotLong }
    /// The link's encryption key is too short.
    public static var insufficientEncryptionKeySize: CBATTError.Code { .insufficientEncryptionKeySize }
    /// The value's length is not valid for the operation.
    public static var invalidAttributeValueLength: CBATTError.Code { .invalidAttributeValueLength }
    /// The request met an unlikely error.
    public static var unlikelyError: CBATTError.Code { .unlikelyError }
    /// The attribute needs an encrypted link.
    public static var insufficientEncryption: CBATTError.Code { .insufficientEncryption }
    /// The attribute type is not a supported grouping type.
    public static var unsupportedGroupType: CBATTError.Code { .unsupportedGroupType }
    /// The server has too few resources to complete the request.
    public static var insufficientResources: CBATTError.Code { .insufficientResources }
}

extension CBATTError {
    /// Whether two errors have the same code and user info, as `NSError` equality on Apple platforms.
    ///
    /// Written out because `NSError.isEqual(_:)` and `NSError.hash` trap in swift-corelibs-foundation.
    public static func == (lhs: CBATTError, rhs: CBATTError) -> Bool {
        lhs._nsError.code == rhs._nsError.code
            && NSDictionary(dictionary: lhs._nsError.userInfo).isEqual(NSDictionary(dictionary: rhs._nsError.userInfo))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(_nsError.code)
    }

    /// The hash of ``hash(into:)``; `_BridgedStoredNSError`'s own `hashValue` recurses without end on Linux.
    public var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }
}

extension CBATTError {
    /// The description iOS 18.2 gives ATT errors whose code has no ``Code`` case.
    static let unknownCodeDescription = "Unknown ATT error."

    /// The reason given with the `unlikelyError` that stands for an Error Response of code 0x00.
    static let zeroCodeReason = "the peripheral sent an Error Response with code 0x00, which names no error"

    /// The error as CoreBluetooth hands it to a delegate: Apple's description under `NSLocalizedDescriptionKey`.
    ///
    /// On Linux an `NSError` cannot be cast to `CBATTError`, so delegates must be given this struct.
    init(reporting code: Code) {
        if let text = code.appleDescription {
            self.init(code, userInfo: [NSLocalizedDescriptionKey: text])
        } else {
            self.init(code)
        }
    }

    /// The error CoreBluetooth reports when a server answers with an Error Response carrying `code`.
    ///
    /// Codes with a ``Code`` case give a `CBATTError`; any other code (e.g. an application error 0x80–0x9F) gives
    /// an `NSError` in ``CBATTErrorDomain`` with the code as its number, described "Unknown ATT error.", as iOS does.
    /// Code 0x00, which the specification reserves, would read as `success`: an Error Response that names no error
    /// still refuses the request for no reason the peer gives, so it is reported as `unlikelyError`, the code the
    /// specification has for exactly that, with the received code named under `NSLocalizedFailureReasonErrorKey`.
    static func reported(for code: ATTErrorCode) -> any Error {
        if code.rawValue == 0 {
            return CBATTError(
                .unlikelyError,
                userInfo: [
                    NSLocalizedDescriptionKey: Code.unlikelyError.appleDescription ?? unknownCodeDescription,
                    NSLocalizedFailureReasonErrorKey: zeroCodeReason,
                ])
        }
        if let known = Code(code) {
            return CBATTError(reporting: known)
        }
        return NSError(
            domain: CBATTErrorDomain, code: Int(code.rawValue),
            userInfo: [NSLocalizedDescriptionKey: unknownCodeDescription])
    }
}

extension CBATTError.Code {
    /// The case for a host-stack ATT error code, or nil when `CBATTError.Code` has none for it.
    init?(_ code: ATTErrorCode) {
        self.init(rawValue: Int(code.rawValue))
    }

    /// The code the host stack puts in an Error Response; `success` maps to 0, which no Error Response carries.
    var attErrorCode: ATTErrorCode {
        ATTErrorCode(rawValue: UInt8(rawValue))
    }

    /// The `localizedDescription` iOS 18.2 gives errors with this code, or nil for `success`.
    var appleDescription: String? {
        switch self {
        case .success: nil
        case .invalidHandle: "The handle is invalid."
        case .readNotPermitted: "Reading is not permitted."
        case .writeNotPermitted: "Writing is not permitted."
        case .invalidPdu: "The command is invalid."
        case .insufficientAuthentication: "Authentication is insufficient."
        case .requestNotSupported: "The request is not supported."
        case .invalidOffset: "The offset is invalid."
        case .insufficientAuthorization: "Authorization is insufficient."
        case .prepareQueueFull: "The prepare queue is full."
        case .attributeNotFound: "The attribute could not be found."
        case .attributeNotLong: "The attribute is not long."
        case .insufficientEncryptionKeySize: "The encryption key size is insufficient."
        case .invalidAttributeValueLength: "The value's length is invalid."
        case .unlikelyError: "Unlikely error."
        case .insufficientEncryption: "Encryption is insufficient."
        case .unsupportedGroupType: "The group type is unsupported."
        case .insufficientResources: "Resources are insufficient."
        }
    }
}
