/// Why a received L2CAP PDU was discarded during reassembly.
///
/// Bluetooth Core Specification Vol 3, Part A, 7.2.2.
public enum ReassemblyDropReason: Hashable, Sendable {
    /// A continuing fragment of `length` bytes arrived with no PDU in progress.
    case continuationWithoutStart(length: Int)
    /// The PDU's Length field exceeds the largest payload accepted.
    case exceedsMaximumSize(declaredLength: Int, maximum: Int)
    /// The fragments carried more payload than the PDU's Length field declared.
    case overrun(declaredLength: Int, receivedLength: Int)
}
