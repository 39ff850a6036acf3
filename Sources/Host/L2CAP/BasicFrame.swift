import HCI

/// An L2CAP basic information frame (B-frame): the PDU of a fixed channel, or one K-frame of a
/// credit-based channel, carried on a connection.
///
/// Bluetooth Core Specification Vol 3, Part A, 3.1.
public struct BasicFrame: Hashable, Sendable {
    /// The largest information payload the 16-bit Length field can describe.
    public static let maximumPayloadLength = Int(UInt16.max)
    /// The size of the Length and Channel ID fields that precede the payload.
    public static let headerLength = 4

    /// The channel the frame is addressed to on the receiving device.
    public var channelID: L2CAPChannelID
    /// The information payload.
    public var payload: [UInt8]

    /// Makes a frame; `payload` must be at most 65535 bytes.
    public init(channelID: L2CAPChannelID, payload: [UInt8]) {
        precondition(payload.count <= Self.maximumPayloadLength, "a B-frame payload is at most 65535 bytes")
        self.channelID = channelID
        self.payload = payload
    }
}

extension BasicFrame: WireCodable {
    /// Decodes a frame that fills the rest of the reader; its Length field must match the bytes present.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let length: UInt16 = try reader.read()
        channelID = try L2CAPChannelID(from: &reader)
        guard reader.remaining == Int(length) else {
            throw .lengthMismatch(field: "Length", declared: Int(length), actual: reader.remaining)
        }
        payload = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt16(payload.count))
        channelID.encode(into: &writer)
        writer.write(bytes: payload)
    }

    public var encodedCapacityHint: Int { Self.headerLength + payload.count }
}
