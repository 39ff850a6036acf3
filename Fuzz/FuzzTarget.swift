/// One fuzz target: a name, which `.ci/fuzz` and the corpus directory use, and the code that takes the input.
///
/// A target feeds untrusted bytes to one decoder or state machine the way a peer or a controller could; every
/// input must return normally, so any trap, sanitizer report, hang or runaway allocation is a bug.
struct FuzzTarget: Sendable {
    /// The target's name, as given in `FUZZ_TARGET` and used for its corpus directory.
    let name: String
    /// Runs one input.
    let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `.ci/fuzz` runs them.
    static let all: [FuzzTarget] = [
        .h4, .hciEvent, .l2capReassembly, .l2capSignaling, .attPDU, .gattServer, .gattClient, .gattExploration, .smpPDU,
        .pairingInitiator, .pairingResponder, .advertisingData, .gattFile, .worldFile, .bondFile, .restoration,
    ]
}
