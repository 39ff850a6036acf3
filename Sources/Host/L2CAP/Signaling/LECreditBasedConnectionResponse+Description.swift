extension LECreditBasedConnectionResponse.Result: CustomStringConvertible {
    /// The result as the specification names it, with its value: `SPSM not supported (0x0002)`.
    public var description: String {
        let names: [UInt16: String] = [
            0x0000: "success", 0x0002: "SPSM not supported", 0x0004: "no resources available",
            0x0005: "insufficient authentication", 0x0006: "insufficient authorization",
            0x0007: "encryption key size too short", 0x0008: "insufficient encryption", 0x0009: "invalid source CID",
            0x000A: "source CID already allocated", 0x000B: "unacceptable parameters",
        ]
        let value = "0x" + String(rawValue, radix: 16, uppercase: true).leftPadded(to: 4)
        return names[rawValue].map { "\($0) (\(value))" } ?? "result \(value)"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
