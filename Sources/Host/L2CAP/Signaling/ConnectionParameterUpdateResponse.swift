import HCI

/// The central's answer to a Connection Parameter Update Request.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.21.
public struct ConnectionParameterUpdateResponse: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.connectionParameterUpdateResponse

    /// Whether the central took the parameters; unknown values stay representable.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 4.21 (Table 4.23).
    public struct Result: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The central will apply the parameters. Spec value 0x0000.
        public static let accepted = Result(rawValue: 0x0000)
        /// The central refused the parameters. Spec value 0x0001.
        public static let rejected = Result(rawValue: 0x0001)
    }

    /// Whether the parameters were accepted.
    public var result: Result

    public init(result: Result) {
        self.result = result
    }
}

extension ConnectionParameterUpdateResponse {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        result = Result(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(result.rawValue)
    }
}
