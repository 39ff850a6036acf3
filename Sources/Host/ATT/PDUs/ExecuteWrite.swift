import HCI

/// Asks the server to write every queued prepared value, or to drop them all.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.3.
public struct ATTExecuteWriteRequest: ATTRequest {
    public typealias Response = ATTExecuteWriteResponse
    public static let opcode = ATTOpcode.executeWriteRequest

    /// What to do with the prepare queue; reserved values stay representable.
    public struct Flags: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Drop every prepared write. Spec value 0x00.
        public static let cancelAll = Flags(rawValue: 0x00)
        /// Write every prepared value, in the order received. Spec value 0x01.
        public static let writeAll = Flags(rawValue: 0x01)
    }

    /// What to do with the prepare queue.
    public var flags: Flags

    public init(flags: Flags) {
        self.flags = flags
    }
}

extension ATTExecuteWriteRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        flags = Flags(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(flags.rawValue)
    }
}

/// Confirms that an Execute Write Request was carried out.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.4.
public struct ATTExecuteWriteResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.executeWriteResponse

    public init() {}
}

extension ATTExecuteWriteResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {}

    public func encode(into writer: inout ByteWriter) {}
}
