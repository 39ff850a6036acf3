extension Array where Element == UInt8 {
    /// Bytes from hex text such as "02 01 06"; spaces are ignored and a malformed pair becomes 0xEE.
    init(adHex text: String) {
        let digits: [Character] = text.filter { !$0.isWhitespace }.map { $0 }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count - 1, by: 2) {
            let pair = String(digits[index...index + 1])
            bytes.append(UInt8(pair, radix: 16) ?? 0xEE)
        }
        self = bytes
    }
}
