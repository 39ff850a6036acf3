/// Stops a pending LE Create Connection or LE Extended Create Connection.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.13.
public struct LECreateConnectionCancelCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x000E)
    public init() {}
}
