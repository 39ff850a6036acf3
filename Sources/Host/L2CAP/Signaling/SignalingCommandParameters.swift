import HCI

/// The fields of one kind of signaling command, tied to the code that announces them.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.
public protocol SignalingCommandParameters: WireCodable {
    /// The code of the command these fields belong to.
    static var code: SignalingCode { get }
}
