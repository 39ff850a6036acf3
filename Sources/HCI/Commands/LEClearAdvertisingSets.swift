/// Removes every advertising set from the controller.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.60.
public struct LEClearAdvertisingSetsCommand: HCICommand, HCIParameterlessCommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x003D)
    public init() {}
}
