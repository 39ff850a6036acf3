import HCI

/// Answers an LE Credit Based Connection Request: the acceptor's channel parameters, or why it refused.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.23.
public struct LECreditBasedConnectionResponse: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.leCreditBasedConnectionResponse

    /// The outcome of a connection request; unknown values stay representable.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 4.23 (Table 4.27).
    public struct Result: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The channel is open. Spec value 0x0000.
        public static let success = Result(rawValue: 0x0000)
        /// No service is registered for the SPSM. Spec value 0x0002.
        public static let spsmNotSupported = Result(rawValue: 0x0002)
        /// The acceptor has no room for another channel. Spec value 0x0004.
        public static let noResourcesAvailable = Result(rawValue: 0x0004)
        /// The service needs an authenticated link. Spec value 0x0005.
        public static let insufficientAuthentication = Result(rawValue: 0x0005)
        /// The service needs authorization. Spec value 0x0006.
        public static let insufficientAuthorization = Result(rawValue: 0x0006)
        /// The link's encryption key is too short for the service. Spec value 0x0007.
        public static let encryptionKeySizeTooShort = Result(rawValue: 0x0007)
        /// The service needs an encrypted link. Spec value 0x0008.
        public static let insufficientEncryption = Result(rawValue: 0x0008)
        /// The requester's source CID is outside the dynamic range. Spec value 0x0009.
        public static let invalidSourceCID = Result(rawValue: 0x0009)
        /// The requester's source CID is already in use on this link. Spec value 0x000A.
        public static let sourceCIDAlreadyAllocated = Result(rawValue: 0x000A)
        /// The MTU, MPS or credits requested are out of range. Spec value 0x000B.
        public static let unacceptableParameters = Result(rawValue: 0x000B)
    }

    /// The channel's identifier on the responding device; 0 when refused.
    public var destinationCID: L2CAPChannelID
    /// The largest SDU the responder accepts; 0 when refused.
    public var mtu: UInt16
    /// The largest K-frame payload the responder accepts; 0 when refused.
    public var mps: UInt16
    /// How many K-frames the requester may send before it needs more credits; 0 when refused.
    public var initialCredits: UInt16
    /// Whether the channel was opened, or why not.
    public var result: Result

    public init(
        destinationCID: L2CAPChannelID, mtu: UInt16, mps: UInt16, initialCredits: UInt16, result: Result
    ) {
        self.destinationCID = destinationCID
        self.mtu = mtu
        self.mps = mps
        self.initialCredits = initialCredits
        self.result = result
    }

    /// A refusal with the given result and every other field zero.
    public static func refused(_ result: Result) -> LECreditBasedConnectionResponse {
        LECreditBasedConnectionResponse(destinationCID: .null, mtu: 0, mps: 0, initialCredits: 0, result: result)
    }
}

extension LECreditBasedConnectionResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        destinationCID = try L2CAPChannelID(from: &reader)
        mtu = try reader.read()
        mps = try reader.read()
        initialCredits = try reader.read()
        result = Result(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        destinationCID.encode(into: &writer)
        writer.write(mtu)
        writer.write(mps)
        writer.write(initialCredits)
        writer.write(result.rawValue)
    }
}
