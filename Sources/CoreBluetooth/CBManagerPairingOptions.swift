/// An option of ours for `CBCentralManager` and `CBPeripheralManager`: the ``CBPairingAgent`` that answers
/// Numeric Comparison and Passkey Entry when the manager pairs. Without it the manager pairs with Just Works.
public let CBManagerOptionPairingAgentKey = "kCBManagerOptionPairingAgent"

/// An option of ours: whether the manager refuses a pairing that does not protect against a man in the middle
/// (Just Works), so that it pairs only through its ``CBPairingAgent`` (without one, it then never pairs); an
/// `NSNumber` Bool, false by default.
///
/// Bluetooth Core Specification Vol 3, Part H, 2.3.1.
public let CBManagerOptionPairingRequiresMITMKey = "kCBManagerOptionPairingRequiresMITM"
