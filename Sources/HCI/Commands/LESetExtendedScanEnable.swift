/// Starts or stops extended scanning.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.65.
public struct LESetExtendedScanEnableCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0042)

    /// Whether to scan.
    public var enable: Bool
    /// 0: report every advertisement; 1: drop duplicates; 2: drop duplicates within each scan period.
    public var filterDuplicates: UInt8
    /// How long to scan, in units of 10 ms; 0 scans until disabled.
    public var duration: UInt16
    /// Time between the starts of two scan durations, in units of 1.28 s; 0 scans once.
    public var period: UInt16

    public init(enable: Bool, filterDuplicates: UInt8, duration: UInt16, period: UInt16) {
        self.enable = enable
        self.filterDuplicates = filterDuplicates
        self.duration = duration
        self.period = period
    }
}

extension LESetExtendedScanEnableCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        enable = try reader.readBool(field: "Enable")
        filterDuplicates = try reader.read()
        duration = try reader.read()
        period = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(enable)
        writer.write(filterDuplicates)
        writer.write(duration)
        writer.write(period)
    }
}
