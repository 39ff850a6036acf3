/// The out-of-band data a pairing may use; with any of it present the device sets its OOB data flag.
///
/// Set the Secure Connections values or the legacy key, not both: the flag does not say which kind is present.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.5.1 and 2.3.5.6.4.
public struct OutOfBandData: Sendable {
    /// What this device gave its peer (Secure Connections), or nil.
    public var local: LocalOOBData?
    /// What this device received from its peer (Secure Connections), or nil.
    public var peer: PeerOOBData?
    /// The 128-bit TK both devices got out of band (legacy pairing), or nil.
    public var legacyTemporaryKey: UInt128?

    /// Collects OOB data; none by default.
    public init(local: LocalOOBData? = nil, peer: PeerOOBData? = nil, legacyTemporaryKey: UInt128? = nil) {
        self.local = local
        self.peer = peer
        self.legacyTemporaryKey = legacyTemporaryKey
    }

    /// The flag this device sends: present when it holds data from its peer (or a legacy TK).
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.1.
    public var flag: OOBDataFlag {
        peer != nil || legacyTemporaryKey != nil ? .present : .notPresent
    }
}
