import HCI

/// Asks for the handles and types of the attributes in a handle range.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.3.1.
public struct ATTFindInformationRequest: ATTRequest {
    public typealias Response = ATTFindInformationResponse
    public static let opcode = ATTOpcode.findInformationRequest

    /// The first handle of the range.
    public var startingHandle: AttributeHandle
    /// The last handle of the range.
    public var endingHandle: AttributeHandle

    public init(startingHandle: AttributeHandle, endingHandle: AttributeHandle) {
        self.startingHandle = startingHandle
        self.endingHandle = endingHandle
    }
}

extension ATTFindInformationRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        startingHandle = try AttributeHandle(from: &reader)
        endingHandle = try AttributeHandle(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        startingHandle.encode(into: &writer)
        endingHandle.encode(into: &writer)
    }
}

/// Answers a Find Information Request with handle-type pairs, all with UUIDs of one size.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.3.2.
public struct ATTFindInformationResponse: ATTPDUCodable {
    public static let opcode = ATTOpcode.findInformationResponse

    /// The size of the UUIDs in the response.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.3.2, table 3.9.
    public enum Format: UInt8, Hashable, Sendable {
        /// Handles with 16-bit UUIDs. Spec value 0x01.
        case uuid16 = 0x01
        /// Handles with 128-bit UUIDs. Spec value 0x02.
        case uuid128 = 0x02

        /// The format that carries `uuid`: 16-bit when it has a 16-bit form, 128-bit otherwise.
        public init(for uuid: BluetoothUUID) {
            self = uuid.uuid16 == nil ? .uuid128 : .uuid16
        }

        /// How many bytes each UUID takes.
        public var uuidByteCount: Int { self == .uuid16 ? 2 : 16 }
    }

    /// One attribute's handle and type.
    public struct Entry: Hashable, Sendable {
        /// The attribute's handle.
        public var handle: AttributeHandle
        /// The attribute's type.
        public var uuid: BluetoothUUID

        public init(handle: AttributeHandle, uuid: BluetoothUUID) {
            self.handle = handle
            self.uuid = uuid
        }
    }

    /// The size of every UUID in ``entries``.
    public let format: Format
    /// The attributes, in ascending handle order.
    public let entries: [Entry]

    /// Makes a response; it needs at least one entry, and in the 16-bit format every UUID must have a 16-bit form.
    public init(format: Format, entries: [Entry]) {
        precondition(!entries.isEmpty, "a Find Information Response carries at least one entry")
        precondition(
            format == .uuid128 || entries.allSatisfy { $0.uuid.uuid16 != nil },
            "the 16-bit format carries only UUIDs that have a 16-bit form")
        self.format = format
        self.entries = entries
    }
}

extension ATTFindInformationResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let raw: UInt8 = try reader.read()
        guard let format = Format(rawValue: raw) else { throw .invalidValue(field: "Format", raw: UInt64(raw)) }
        let entrySize = 2 + format.uuidByteCount
        guard reader.remaining >= entrySize else {
            throw .truncated(needed: entrySize, available: reader.remaining)
        }
        guard reader.remaining % entrySize == 0 else { throw .trailingBytes(count: reader.remaining % entrySize) }
        var entries: [Entry] = []
        entries.reserveCapacity(reader.remaining / entrySize)
        while !reader.isAtEnd {
            let handle = try AttributeHandle(from: &reader)
            let uuid = try BluetoothUUID(from: &reader, byteCount: format.uuidByteCount)
            entries.append(Entry(handle: handle, uuid: uuid))
        }
        self.format = format
        self.entries = entries
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(format.rawValue)
        for entry in entries {
            entry.handle.encode(into: &writer)
            if format == .uuid16, let value = entry.uuid.uuid16 {
                writer.write(value)
            } else {
                writer.write(entry.uuid.uuid128)
            }
        }
    }
}
