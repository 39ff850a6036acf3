/// Sets all or part of the data one advertising set carries in its advertising PDUs.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.54.
public struct LESetExtendedAdvertisingDataCommand: AdvertisingSetDataCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0037)
    public static let dataField = "Advertising_Data"

    /// The advertising set and the data fragment the command loads into it.
    public var fragment: ExtendedAdvertisingDataFragment

    public init(_ fragment: ExtendedAdvertisingDataFragment) {
        self.fragment = fragment
    }
}
