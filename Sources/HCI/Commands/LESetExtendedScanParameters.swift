/// Sets how the controller scans on each PHY when extended scanning is enabled.
///
/// There is one ``PHYParameters`` entry for each bit set in ``scanningPHYs``, lowest bit first.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.64.
public struct LESetExtendedScanParametersCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0041)

    /// Which of the device's addresses scan requests carry.
    public var ownAddressType: AddressType
    /// Which advertisements to report, e.g. only from the filter accept list.
    public var scanningFilterPolicy: UInt8
    /// The PHYs to scan on (LE 1M and/or LE Coded).
    public var scanningPHYs: PHYMask
    /// The scan parameters for each PHY in ``scanningPHYs``, in bit order.
    public var phys: [PHYParameters]

    public init(
        ownAddressType: AddressType,
        scanningFilterPolicy: UInt8,
        scanningPHYs: PHYMask,
        phys: [PHYParameters]
    ) {
        self.ownAddressType = ownAddressType
        self.scanningFilterPolicy = scanningFilterPolicy
        self.scanningPHYs = scanningPHYs
        self.phys = phys
    }

    /// How to scan on one PHY.
    public struct PHYParameters: WireCodable, Hashable {
        /// Whether to send scan requests.
        public var scanType: ScanType
        /// Time between the starts of two scan windows, in units of 0.625 ms.
        public var scanInterval: UInt16
        /// How long each scan lasts, in units of 0.625 ms.
        public var scanWindow: UInt16

        public init(scanType: ScanType, scanInterval: UInt16, scanWindow: UInt16) {
            self.scanType = scanType
            self.scanInterval = scanInterval
            self.scanWindow = scanWindow
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            scanType = try ScanType(from: &reader)
            scanInterval = try reader.read()
            scanWindow = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            scanType.encode(into: &writer)
            writer.write(scanInterval)
            writer.write(scanWindow)
        }
    }
}

extension LESetExtendedScanParametersCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        ownAddressType = try AddressType(from: &reader)
        scanningFilterPolicy = try reader.read()
        scanningPHYs = try PHYMask(from: &reader)
        phys = []
        for _ in 0..<scanningPHYs.rawValue.nonzeroBitCount {
            phys.append(try PHYParameters(from: &reader))
        }
    }

    public func encode(into writer: inout ByteWriter) {
        precondition(
            phys.count == scanningPHYs.rawValue.nonzeroBitCount,
            "one PHYParameters entry is needed per bit set in Scanning_PHYs")
        ownAddressType.encode(into: &writer)
        writer.write(scanningFilterPolicy)
        scanningPHYs.encode(into: &writer)
        for entry in phys {
            entry.encode(into: &writer)
        }
    }
}
