/// Sets how the controller scans when legacy scanning is enabled.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.10.
public struct LESetScanParametersCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000B)

    /// Whether to send scan requests.
    public var scanType: ScanType
    /// Time between the starts of two scan windows, in units of 0.625 ms.
    public var scanInterval: UInt16
    /// How long each scan lasts, in units of 0.625 ms.
    public var scanWindow: UInt16
    /// Which of the device's addresses scan requests carry.
    public var ownAddressType: AddressType
    /// Which advertisements to report, e.g. only from the filter accept list.
    public var scanningFilterPolicy: UInt8

    public init(
        scanType: ScanType,
        scanInterval: UInt16,
        scanWindow: UInt16,
        ownAddressType: AddressType,
        scanningFilterPolicy: UInt8
    ) {
        self.scanType = scanType
        self.scanInterval = scanInterval
        self.scanWindow = scanWindow
        self.ownAddressType = ownAddressType
        self.scanningFilterPolicy = scanningFilterPolicy
    }
}

extension LESetScanParametersCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        scanType = try ScanType(from: &reader)
        scanInterval = try reader.read()
        scanWindow = try reader.read()
        ownAddressType = try AddressType(from: &reader)
        scanningFilterPolicy = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        scanType.encode(into: &writer)
        writer.write(scanInterval)
        writer.write(scanWindow)
        ownAddressType.encode(into: &writer)
        writer.write(scanningFilterPolicy)
    }
}
