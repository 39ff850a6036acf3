import HCI

/// Tells the peer that one of its commands was not understood or could not be carried out.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.1.
public struct CommandReject: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.commandReject

    /// Why a command was rejected; unknown reasons stay representable.
    ///
    /// Bluetooth Core Specification Vol 3, Part A, 4.1 (Table 4.3).
    public struct Reason: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The command's code is unknown or the command is not valid here. Spec value 0x0000.
        public static let commandNotUnderstood = Reason(rawValue: 0x0000)
        /// The C-frame is longer than the receiver's signaling MTU. Spec value 0x0001.
        public static let signalingMTUExceeded = Reason(rawValue: 0x0001)
        /// The request names a channel that does not exist. Spec value 0x0002.
        public static let invalidCIDInRequest = Reason(rawValue: 0x0002)
    }

    /// Why the command was rejected.
    public var reason: Reason
    /// Reason-specific data: the actual signaling MTU, or the local and remote CIDs, or nothing.
    public var data: [UInt8]

    public init(reason: Reason, data: [UInt8] = []) {
        self.reason = reason
        self.data = data
    }

    /// Rejects a command whose code is unknown or which is not valid in the receiver's situation.
    public static let commandNotUnderstood = CommandReject(reason: .commandNotUnderstood)

    /// Rejects a C-frame longer than `actualMTU`, the receiver's signaling MTU.
    public static func signalingMTUExceeded(actualMTU: UInt16) -> CommandReject {
        CommandReject(
            reason: .signalingMTUExceeded, data: [UInt8(truncatingIfNeeded: actualMTU), UInt8(actualMTU >> 8)])
    }

    /// Rejects a request naming channels that do not exist: `local` is the request's destination
    /// CID and `remote` its source CID.
    public static func invalidCID(local: L2CAPChannelID, remote: L2CAPChannelID) -> CommandReject {
        var writer = ByteWriter(capacity: 4)
        local.encode(into: &writer)
        remote.encode(into: &writer)
        return CommandReject(reason: .invalidCIDInRequest, data: writer.bytes)
    }
}

extension CommandReject {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        reason = Reason(rawValue: try reader.read())
        data = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(reason.rawValue)
        writer.write(bytes: data)
    }
}
