/// An HCI event as it crosses the transport: event code and raw parameters (at most 255 bytes).
///
/// Bluetooth Core Specification Vol 4, Part E, 5.4.4.
public struct HCIEventPacket: Hashable, Sendable {
    /// Which event this is.
    public var code: HCIEventCode
    /// The encoded parameters.
    public var parameters: [UInt8]

    /// Makes a packet; `parameters` must be at most 255 bytes.
    public init(code: HCIEventCode, parameters: [UInt8]) {
        precondition(parameters.count <= 255, "HCI event parameters are at most 255 bytes")
        self.code = code
        self.parameters = parameters
    }

    /// Encodes a typed event.
    public init<E: HCIEvent>(_ event: E) {
        self.init(code: E.code, parameters: event.encoded)
    }

    /// Encodes a typed LE Meta subevent.
    public init<E: LEMetaEvent>(_ event: E) {
        self.init(code: .leMeta, parameters: [E.subeventCode.rawValue] + event.encoded)
    }
}

extension HCIEventPacket: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        code = try HCIEventCode(from: &reader)
        let length: UInt8 = try reader.read()
        parameters = try reader.readBytes(Int(length))
    }

    public func encode(into writer: inout ByteWriter) {
        code.encode(into: &writer)
        writer.write(UInt8(parameters.count))
        writer.write(bytes: parameters)
    }
}
