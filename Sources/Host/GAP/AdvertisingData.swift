import HCI

/// The advertising or scan response data of one advertisement: AD structures in the order they are sent.
///
/// Bluetooth Core Specification Vol 3, Part C, 11.
public struct AdvertisingData: Hashable, Sendable {
    /// The most bytes legacy advertising and scan response data can hold.
    public static let legacyMaximumLength = 31

    /// The structures, in wire order.
    public var structures: [ADStructure]

    /// Makes advertising data from structures in wire order.
    public init(_ structures: [ADStructure] = []) {
        self.structures = structures
    }

    /// The number of bytes the data occupies on the air.
    public var encodedLength: Int { structures.reduce(0) { $0 + $1.encodedLength } }

    /// The data of every structure of the given type, in wire order.
    public func data(of type: ADType) -> [[UInt8]] {
        structures.filter { $0.type == type }.map(\.data)
    }

    /// The data of the first structure of the given type.
    public func firstData(of type: ADType) -> [UInt8]? {
        structures.first { $0.type == type }?.data
    }
}

extension AdvertisingData: WireCodable {
    /// Decodes structures until the input ends or a zero length marks the end of the significant part.
    public init(from reader: inout ByteReader) throws(DecodeError) {
        structures = []
        while !reader.isAtEnd {
            var lookahead = reader
            let length: UInt8 = try lookahead.read()
            guard length > 0 else {
                _ = reader.readRemaining()
                return
            }
            structures.append(try ADStructure(from: &reader))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        for structure in structures {
            writer.write(structure)
        }
    }
}
