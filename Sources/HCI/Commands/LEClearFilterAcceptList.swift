/// Removes every device from the filter accept list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.15.
public struct LEClearFilterAcceptListCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0010)
    public init() {}
}
