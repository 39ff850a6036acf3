import HCI

/// Gives the peer more credits, each allowing one more K-frame on a credit-based channel.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.24.
public struct FlowControlCreditIndication: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.flowControlCreditIndication

    /// The channel's identifier on the device sending the credits.
    public var cid: L2CAPChannelID
    /// How many credits are added (1 to 65535).
    public var credits: UInt16

    public init(cid: L2CAPChannelID, credits: UInt16) {
        self.cid = cid
        self.credits = credits
    }
}

extension FlowControlCreditIndication {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        cid = try L2CAPChannelID(from: &reader)
        credits = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        cid.encode(into: &writer)
        writer.write(credits)
    }
}
