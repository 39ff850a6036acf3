/// An L2CAP Protocol/Service Multiplexer number identifying a connection-oriented channel.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.22.
public typealias CBL2CAPPSM = UInt16
