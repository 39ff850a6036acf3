/// Reads the transmit power the controller uses on a connection, now or at most.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.3.35.
public struct ReadTransmitPowerLevelCommand: HCICommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x03, ocf: 0x002D)

    /// Which level is asked for.
    public enum Level: UInt8, Hashable, Sendable {
        /// The level the controller transmits at now.
        case current = 0x00
        /// The highest level it may transmit at on the connection.
        case maximum = 0x01
    }

    /// The connection the command applies to.
    public var handle: ConnectionHandle
    /// Which level is asked for.
    public var level: Level

    public init(handle: ConnectionHandle, level: Level) {
        self.handle = handle
        self.level = level
    }

    /// The connection and its transmit power level.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The connection the command applied to.
        public var handle: ConnectionHandle
        /// Transmit power in dBm.
        public var level: Int8

        public init(handle: ConnectionHandle, level: Int8) {
            self.handle = handle
            self.level = level
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            handle = try ConnectionHandle(from: &reader)
            level = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            handle.encode(into: &writer)
            writer.write(level)
        }
    }
}

extension ReadTransmitPowerLevelCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try ConnectionHandle(from: &reader)
        let raw: UInt8 = try reader.read()
        guard let level = Level(rawValue: raw) else { throw .invalidValue(field: "Type", raw: UInt64(raw)) }
        self.level = level
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(level.rawValue)
    }
}
