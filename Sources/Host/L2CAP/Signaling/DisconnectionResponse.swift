import HCI

/// Confirms that a connection-oriented channel is closed.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.7.
public struct DisconnectionResponse: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.disconnectionResponse

    /// The channel's identifier on the device sending the response (the request's destination CID).
    public var destinationCID: L2CAPChannelID
    /// The channel's identifier on the device receiving the response (the request's source CID).
    public var sourceCID: L2CAPChannelID

    public init(destinationCID: L2CAPChannelID, sourceCID: L2CAPChannelID) {
        self.destinationCID = destinationCID
        self.sourceCID = sourceCID
    }
}

extension DisconnectionResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        destinationCID = try L2CAPChannelID(from: &reader)
        sourceCID = try L2CAPChannelID(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        destinationCID.encode(into: &writer)
        sourceCID.encode(into: &writer)
    }
}
