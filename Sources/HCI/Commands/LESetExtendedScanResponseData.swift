/// Sets all or part of the data one advertising set sends in its scan responses.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.55.
public struct LESetExtendedScanResponseDataCommand: AdvertisingSetDataCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0038)
    public static let dataField = "Scan_Response_Data"

    /// The advertising set and the data fragment the command loads into it.
    public var fragment: ExtendedAdvertisingDataFragment

    public init(_ fragment: ExtendedAdvertisingDataFragment) {
        self.fragment = fragment
    }
}
