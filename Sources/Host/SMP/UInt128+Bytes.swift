extension UInt128 {
    /// Makes a value from up to 16 octets, most significant first, as the spec's sample data writes them.
    init(bigEndianBytes bytes: some Sequence<UInt8>) {
        self = bytes.reduce(0) { $0 << 8 | UInt128($1) }
    }

    /// The 16 octets of the value, most significant first, as AES and AES-CMAC take them.
    var bigEndianBytes: [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: self >> (8 * (15 - $0))) }
    }
}
