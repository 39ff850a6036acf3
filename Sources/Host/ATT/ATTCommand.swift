/// A PDU a client sends to a server that nothing answers.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.3 and 3.4.5.3.
public protocol ATTCommand: ATTPDUCodable {}

extension ATTWriteCommand: ATTCommand {}

extension ATTSignedWriteCommand: ATTCommand {}
