/// Starts or stops legacy scanning.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.11.
public struct LESetScanEnableCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000C)

    /// Whether to scan.
    public var enable: Bool
    /// Whether the controller drops repeated reports from one advertiser.
    public var filterDuplicates: Bool

    public init(enable: Bool, filterDuplicates: Bool) {
        self.enable = enable
        self.filterDuplicates = filterDuplicates
    }
}

extension LESetScanEnableCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        enable = try reader.readBool(field: "LE_Scan_Enable")
        filterDuplicates = try reader.readBool(field: "Filter_Duplicates")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(enable)
        writer.write(filterDuplicates)
    }
}
