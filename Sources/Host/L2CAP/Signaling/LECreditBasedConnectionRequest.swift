import HCI

/// Asks the peer to open an LE credit-based connection-oriented channel to a service.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.22.
public struct LECreditBasedConnectionRequest: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.leCreditBasedConnectionRequest

    /// The service to connect to.
    public var spsm: SPSM
    /// The channel's identifier on the requesting device.
    public var sourceCID: L2CAPChannelID
    /// The largest SDU the requester accepts (at least 23).
    public var mtu: UInt16
    /// The largest K-frame payload the requester accepts (23 to 65533).
    public var mps: UInt16
    /// How many K-frames the peer may send before it needs more credits.
    public var initialCredits: UInt16

    public init(spsm: SPSM, sourceCID: L2CAPChannelID, mtu: UInt16, mps: UInt16, initialCredits: UInt16) {
        self.spsm = spsm
        self.sourceCID = sourceCID
        self.mtu = mtu
        self.mps = mps
        self.initialCredits = initialCredits
    }
}

extension LECreditBasedConnectionRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        spsm = try SPSM(from: &reader)
        sourceCID = try L2CAPChannelID(from: &reader)
        mtu = try reader.read()
        mps = try reader.read()
        initialCredits = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        spsm.encode(into: &writer)
        sourceCID.encode(into: &writer)
        writer.write(mtu)
        writer.write(mps)
        writer.write(initialCredits)
    }
}
