import HCI

/// The parameters of a Pairing Request or Pairing Response: what one device can do and wants from pairing.
///
/// Both PDUs share this layout. The maximum key size is kept as received, even outside 7 to 16, so that the
/// pairing state machine can answer it with Pairing Failed, Encryption Key Size.
///
/// Bluetooth Core Specification Vol 3, Part H, 3.5.1 and 3.5.2.
public struct PairingFeatures: WireCodable, Hashable {
    /// The device's input and output capabilities.
    public var ioCapability: IOCapability
    /// Whether the device has OOB authentication data for its peer.
    public var oobDataFlag: OOBDataFlag
    /// The device's bonding, MITM, Secure Connections, keypress and CT2 wishes.
    public var authenticationRequirements: AuthenticationRequirements
    /// The largest encryption key the device supports, in octets; the spec allows 7 to 16.
    public var maximumEncryptionKeySize: UInt8
    /// The keys the initiator offers (in a request) or will send (in a response).
    public var initiatorKeyDistribution: KeyDistribution
    /// The keys the initiator asks for (in a request) or the responder will send (in a response).
    public var responderKeyDistribution: KeyDistribution

    /// Collects the six parameters in wire order.
    public init(
        ioCapability: IOCapability,
        oobDataFlag: OOBDataFlag,
        authenticationRequirements: AuthenticationRequirements,
        maximumEncryptionKeySize: UInt8,
        initiatorKeyDistribution: KeyDistribution,
        responderKeyDistribution: KeyDistribution
    ) {
        self.ioCapability = ioCapability
        self.oobDataFlag = oobDataFlag
        self.authenticationRequirements = authenticationRequirements
        self.maximumEncryptionKeySize = maximumEncryptionKeySize
        self.initiatorKeyDistribution = initiatorKeyDistribution
        self.responderKeyDistribution = responderKeyDistribution
    }

    /// The key sizes the specification allows, in octets.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 2.3.4.
    public static let allowedEncryptionKeySizes: ClosedRange<UInt8> = 7...16

    /// The three octets that f6 mixes in as IOcap.
    public var ioCap: CryptoToolbox.IOCap {
        CryptoToolbox.IOCap(
            authReq: authenticationRequirements.rawValue,
            oobDataFlag: oobDataFlag.rawValue,
            ioCapability: ioCapability.rawValue)
    }
}

extension PairingFeatures {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        ioCapability = try IOCapability(from: &reader)
        oobDataFlag = try OOBDataFlag(from: &reader)
        authenticationRequirements = try AuthenticationRequirements(from: &reader)
        maximumEncryptionKeySize = try reader.read()
        initiatorKeyDistribution = try KeyDistribution(from: &reader)
        responderKeyDistribution = try KeyDistribution(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        ioCapability.encode(into: &writer)
        oobDataFlag.encode(into: &writer)
        authenticationRequirements.encode(into: &writer)
        writer.write(maximumEncryptionKeySize)
        initiatorKeyDistribution.encode(into: &writer)
        responderKeyDistribution.encode(into: &writer)
    }
}
