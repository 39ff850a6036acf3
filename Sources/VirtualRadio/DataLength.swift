/// The ranges and limits of LE data length extension, in payload octets and microseconds.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.33 and 7.8.46; Vol 6, Part B, 4.5.10.
enum DataLength {
    /// Payload sizes a host may ask for.
    static let octets: ClosedRange<UInt16> = 27...251
    /// Transmit times a host may ask for.
    static let time: ClosedRange<UInt16> = 328...17040
    /// The largest payload the virtual controller sends or receives.
    static let maximumOctets: UInt16 = 251
    /// The time the largest payload takes on the LE 1M PHY, the longest the virtual controller uses.
    static let maximumTime: UInt16 = 2120
    /// The payload and time every connection starts with.
    static let initialOctets: UInt16 = 27
    static let initialTime: UInt16 = 328

    /// The time `octets` of payload take on the LE 1M PHY (header, MIC and CRC included).
    static func time(forOctets octets: UInt16) -> UInt16 {
        (octets + 14) * 8
    }
}
