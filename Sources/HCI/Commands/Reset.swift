/// Resets the controller and its link layer to their power-on state.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.3.2.
public struct ResetCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x03, ocf: 0x0003)
    public init() {}
}
