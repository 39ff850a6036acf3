/// Starts or stops advertising for one or more advertising sets.
///
/// Each set's parameters travel together, one set after another.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.56.
public struct LESetExtendedAdvertisingEnableCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0039)

    /// The most sets one command names.
    public static let maximumSets = 0x3F

    /// Whether to start (true) or stop (false) advertising.
    public var enable: Bool
    /// The sets to start or stop; stopping with no sets stops every set.
    public var sets: [Set]

    public init(enable: Bool, sets: [Set]) {
        self.enable = enable
        self.sets = sets
    }

    /// One advertising set to start or stop, and when it should stop by itself.
    public struct Set: WireCodable, Hashable {
        /// The advertising set.
        public var advertisingHandle: UInt8
        /// How long to advertise, in units of 10 ms; 0 advertises until disabled.
        public var duration: UInt16
        /// How many extended advertising events to send; 0 sets no limit.
        public var maxExtendedAdvertisingEvents: UInt8

        public init(advertisingHandle: UInt8, duration: UInt16, maxExtendedAdvertisingEvents: UInt8) {
            self.advertisingHandle = advertisingHandle
            self.duration = duration
            self.maxExtendedAdvertisingEvents = maxExtendedAdvertisingEvents
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            advertisingHandle = try reader.read()
            duration = try reader.read()
            maxExtendedAdvertisingEvents = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(advertisingHandle)
            writer.write(duration)
            writer.write(maxExtendedAdvertisingEvents)
        }
    }
}

extension LESetExtendedAdvertisingEnableCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        enable = try reader.readBool(field: "Enable")
        let count: UInt8 = try reader.read()
        guard Int(count) <= Self.maximumSets else { throw .invalidValue(field: "Num_Sets", raw: UInt64(count)) }
        sets = []
        for _ in 0..<count {
            sets.append(try Set(from: &reader))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        precondition(sets.count <= Self.maximumSets, "Num_Sets is at most \(Self.maximumSets), not \(sets.count)")
        writer.write(enable)
        writer.write(UInt8(sets.count))
        for set in sets {
            set.encode(into: &writer)
        }
    }
}
