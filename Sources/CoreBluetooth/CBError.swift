/// The error domain of `CBError`, as `(error as NSError).domain` reports it.
public let CBErrorDomain: String = "CBErrorDomain"

/// An error CoreBluetooth reports for a failed connection, advertisement or other manager operation.
///
/// Shaped as Swift imports Apple's `NS_ERROR_ENUM`: a struct wrapping an `NSError` in ``CBErrorDomain``, with a
/// nested ``Code``, so apps write `CBError(.peripheralDisconnected)`, `catch CBError.connectionFailed` and
/// `catch let error as CBError where error.code == .connectionTimeout`.
public struct CBError: _BridgedStoredNSError {
    public let _nsError: NSError

    public init(_nsError error: NSError) {
        precondition(error.domain == CBErrorDomain, "CBError wraps only errors in CBErrorDomain")
        _nsError = error
    }

    public static var errorDomain: String { CBErrorDomain }

    public static var _nsErrorDomain: String { CBErrorDomain }

    /// What went wrong, numbered as Apple numbers `CBError` codes.
    public enum Code: Int, _ErrorCodeProtocol, Sendable {
        public typealias _ErrorType = CBError

        /// An unknown error.
        case unknown = 0
        /// One or more parameters were invalid.
        case invalidParameters = 1
        /// The attribute handle was not valid.
        case invalidHandle = 2
        /// The device is not connected.
        case notConnected = 3
        /// The device has no room to complete the operation.
        case outOfSpace = 4
        /// The operation was cancelled.
        case operationCancelled = 5
        /// The connection timed out unexpectedly.
        case connectionTimeout = 6
        /// The peripheral disconnected.
        case peripheralDisconnected = 7
        /// The UUID may not be used for this operation, e.g. a service the system reserves.
        case uuidNotAllowed = 8
        /// The peripheral manager is already advertising.
        case alreadyAdvertising = 9
        /// The connection failed unexpectedly.
        case connectionFailed = 10
        /// The system has as many connections as it can hold.
        case connectionLimitReached = 11
        /// The device is not known or not valid.
        case unknownDevice = 12
        /// The operation is not supported.
        case operationNotSupported = 13
        /// The peer removed its pairing information, so the stored keys no longer work.
        case peerRemovedPairingInformation = 14
        /// Encrypting the connection timed out.
        case encryptionTimedOut = 15
        /// Too many LE devices are paired with this device.
        case tooManyLEPairedDevices = 16
        /// The app went over its limit of GATT notifications while in the background.
        case leGattExceededBackgroundNotificationLimit = 17
        /// The app is close to its limit of GATT notifications while in the background.
        case leGattNearBackgroundNotificationLimit = 18

        /// Apple's first, misspelled name for ``unknownDevice``.
        @available(*, deprecated, renamed: "unknownDevice")
        public static var unkownDevice: CBError.Code { .unknownDevice }
    }

    /// An unknown error.
    public static var unknown: CBError.Code { .unknown }
    /// One or more parameters were invalid.
    public static var invalidParameters: CBError.Code { .invalidParameters }
    /// The attribute handle was not valid.
    public static var invalidHandle: CBError.Code { .invalidHandle }
    /// The device is not connected.
    public static var notConnected: CBError.Code { .notConnected }
    /// The device has no room to complete the operation.
    public static var outOfSpace: CBError.Code { .outOfSpace }
    /// The operation was cancelled.
    public static var operationCancelled: CBError.Code { .operationCancelled }
    /// The connection timed out unexpectedly.
    public static var connectionTimeout: CBError.Code { .connectionTimeout }
    /// The peripheral disconnected.
    public static var peripheralDisconnected: CBError.Code { .peripheralDisconnected }
    /// The UUID may not be used for this operation.
    public static var uuidNotAllowed: CBError.Code { .uuidNotAllowed }
    /// The peripheral manager is already advertising.
    public static var alreadyAdvertising: CBError.Code { .alreadyAdvertising }
    /// The connection failed unexpectedly.
    public static var connectionFailed: CBError.Code { .connectionFailed }
    /// The system has as many connections as it can hold.
    public static var connectionLimitReached: CBError.Code { .connectionLimitReached }
    /// Apple's first, misspelled name for ``unknownDevice``.
    @available(*, deprecated, renamed: "unknownDevice")
    public static var unkownDevice: CBError.Code { .unknownDevice }
    /// The device is not known or not valid.
    public static var unknownDevice: CBError.Code { .unknownDevice }
    /// The operation is not supported.
    public static var operationNotSupported: CBError.Code { .operationNotSupported }
    /// The peer removed its pairing information.
    public static var peerRemovedPairingInformation: CBError.Code { .peerRemovedPairingInformation }
    /// Encrypting the connection timed out.
    public static var encryptionTimedOut: CBError.Code { .encryptionTimedOut }
    /// Too many LE devices are paired with this device.
    public static var tooManyLEPairedDevices: CBError.Code { .tooManyLEPairedDevices }
    /// The app went over its background notification limit.
    public static var leGattExceededBackgroundNotificationLimit: CBError.Code {
        .leGattExceededBackgroundNotificationLimit
    }
    /// The app is close to its background notification limit.
    public static var leGattNearBackgroundNotificationLimit: CBError.Code { .leGattNearBackgroundNotificationLimit }
}

extension CBError {
    /// Whether two errors have the same code and user info, as `NSError` equality on Apple platforms.
    ///
    /// Written out because `NSError.isEqual(_:)` and `NSError.hash` trap in swift-corelibs-foundation.
    public static func == (lhs: CBError, rhs: CBError) -> Bool {
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

extension CBError {
    /// The error as CoreBluetooth hands it to a delegate: Apple's description, where iOS 18 has one,
    /// under `NSLocalizedDescriptionKey`.
    ///
    /// On Linux an `NSError` cannot be cast to `CBError`, so delegates must be given this struct.
    package init(reporting code: Code) {
        if let text = code.appleDescription {
            self.init(code, userInfo: [NSLocalizedDescriptionKey: text])
        } else {
            self.init(code)
        }
    }

    /// The error with Apple's description and, under `NSLocalizedFailureReasonErrorKey`, what the peer did to
    /// cause it (iOS gives no reason; apps that show `localizedFailureReason` get one here).
    init(reporting code: Code, reason: String) {
        var userInfo: [String: Any] = [NSLocalizedFailureReasonErrorKey: reason]
        if let text = code.appleDescription { userInfo[NSLocalizedDescriptionKey] = text }
        self.init(code, userInfo: userInfo)
    }
}

extension CBError.Code {
    /// The `localizedDescription` iOS 18.2 gives errors with this code, or nil where it gives none.
    var appleDescription: String? {
        switch self {
        case .unknown: "Unknown error."
        case .invalidParameters: "One or more parameters were invalid."
        case .invalidHandle: "The specified handle was not valid."
        case .notConnected: "The specified device is not connected."
        case .outOfSpace: "There is not enough space to complete the operation."
        case .operationCancelled: "The operation was cancelled."
        case .connectionTimeout: "The connection has timed out unexpectedly."
        case .peripheralDisconnected: "The specified device has disconnected from us."
        case .uuidNotAllowed: "The specified UUID is not allowed for this operation."
        case .alreadyAdvertising: "Advertising has already started."
        case .connectionFailed: "The connection has failed unexpectedly."
        case .connectionLimitReached: "The system has reached the maximum number of connections"
        case .unknownDevice: "Device is invalid."
        case .operationNotSupported: "Operation is not supported."
        case .peerRemovedPairingInformation: "Peer removed pairing information"
        case .encryptionTimedOut: "Failed to encrypt the connection, the connection has timed out unexpectedly."
        case .tooManyLEPairedDevices: "Too many LE devices are paired to this device"
        case .leGattExceededBackgroundNotificationLimit, .leGattNearBackgroundNotificationLimit: nil
        }
    }
}
