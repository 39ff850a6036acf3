import HCI

/// A read or write the application must carry out because the value is dynamic.
///
/// A read or a write with response is answered with ``GATTServer/complete(id:result:)``; a write without
/// response needs no answer.
public struct GATTServerRequest: Hashable, Sendable {
    /// Tells one request apart from the others of the same server.
    public struct ID: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
    }

    /// One value to read: the application answers with the bytes from `offset` on.
    public struct Read: Hashable, Sendable {
        /// The attribute to read.
        public let handle: AttributeHandle
        /// Where in the value the answer starts.
        public let offset: Int

        public init(handle: AttributeHandle, offset: Int) {
            self.handle = handle
            self.offset = offset
        }
    }

    /// One value to write: `value` replaces the bytes from `offset` on.
    public struct Write: Hashable, Sendable {
        /// The attribute to write.
        public let handle: AttributeHandle
        /// Where in the value the new bytes go.
        public let offset: Int
        /// The new bytes.
        public let value: [UInt8]

        public init(handle: AttributeHandle, offset: Int, value: [UInt8]) {
            self.handle = handle
            self.offset = offset
            self.value = value
        }
    }

    /// What the application is asked to do.
    public enum Kind: Hashable, Sendable {
        /// Read these values (several for Read Multiple), answered with ``Answer/values(_:)`` in order.
        case read([Read])
        /// Write all of these or none (several for Execute Write), answered with ``Answer/written``.
        case write([Write])
        /// Write this value; nothing answers a Write Command.
        case writeWithoutResponse(Write)
    }

    /// How the application answers a request.
    public enum Answer: Hashable, Sendable {
        /// The values read, one per ``Read`` in order; longer than 512 bytes is cut to 512.
        case values([[UInt8]])
        /// Every write was applied.
        case written
        /// The request failed: an ATT or application error code, about `handle` (the first one when nil).
        case error(ATTErrorCode, handle: AttributeHandle? = nil)
    }

    /// Tells this request apart from the others.
    public let id: ID
    /// The connection the request came in on.
    public let connection: ConnectionHandle
    /// What to do.
    public let kind: Kind
}
