import HCI

/// Asks the peer to close a connection-oriented channel.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.6.
public struct DisconnectionRequest: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.disconnectionRequest

    /// The channel's identifier on the device receiving the request.
    public var destinationCID: L2CAPChannelID
    /// The channel's identifier on the device sending the request.
    public var sourceCID: L2CAPChannelID

    public init(destinationCID: L2CAPChannelID, sourceCID: L2CAPChannelID) {
        self.destinationCID = destinationCID
        self.sourceCID = sourceCID
    }
}

extension DisconnectionRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        destinationCID = try L2CAPChannelID(from: &reader)
        sourceCID = try L2CAPChannelID(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        destinationCID.encode(into: &writer)
        sourceCID.encode(into: &writer)
    }
}
