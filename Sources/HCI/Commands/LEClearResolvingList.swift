/// Removes every entry from the controller's resolving list.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.40.
public struct LEClearResolvingListCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0029)
    public init() {}
}
