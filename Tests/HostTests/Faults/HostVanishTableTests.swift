import HCI
import Host
import HostTestSupport
import Testing

/// The ATT, Security Manager and signaling timeout both hosts run with when the peer goes silent: short, so a
/// cell ends soon, yet long enough that a loaded machine answers every step that is let through well within it.
private let silentTimeout: Duration = .seconds(2)

@Suite(
    "Pairing, re-encryption, reliable write and channels against a peer that vanishes or goes silent at every step",
    .timeLimit(.minutes(5)))
struct HostVanishTableTests {
    @Test(
        "without a fault, each procedure takes exactly the steps the table cuts at", arguments: HostVanishProcedure.all)
    func stepCounts(procedure: HostVanishProcedure) async throws {
        try await RigSlots.withSlot {
            let rig = try await HostVanishRig.start(model: procedure.model, steps: procedure.steps, timeout: nil)
            var run = try await HostVanishRun.prepare(procedure, on: rig)
            rig.transport.arm(step: .max)
            let outcome = try await run.run()
            guard case .finished = outcome else {
                Issue.record("the procedure failed without a fault: \(outcome)")
                await rig.stop()
                return
            }
            if case .pairing = procedure { try await rig.pairingCompleted(run.links) }
            #expect(rig.transport.counted == procedure.stepCount)
            await rig.stop()
        }
    }

    @Test(
        "the peer drops the link after each step: the pending call fails as disconnected, nothing is left half done, the next connection works",
        arguments: HostVanishCell.table)
    func vanish(cell: HostVanishCell) async throws {
        try await run(cell, timeout: nil) { rig, run in
            let cutter = Task { [transport = rig.transport, peripheral = rig.peripheral] in
                for await _ in transport.cuts {
                    for link in await peripheral.links { try await peripheral.disconnect(link.handle) }
                    return true
                }
                return false
            }
            let outcome = try await run.run()
            let finishes = cell.procedure.finishes(cutAfter: cell.step)
            switch outcome {
            case .failed(let error):
                let mayFail = !finishes || cell.procedure.mayFailAsDisconnected(cutAfter: cell.step)
                #expect(mayFail && error.isDisconnection, "\(error)")
            case .channelClosed(let reason): #expect(!finishes && reason == .linkDisconnected)
            case .finished: #expect(finishes, "the procedure finished although the link was cut before its end")
            }
            try await rig.linkDown(central: run.links.central.handle, peripheral: run.links.peripheral.handle)
            #expect(try await cutter.value)
        }
    }

    @Test(
        "the peer stops answering after each step: the pending call times out, nothing hangs or is left half done, the next connection works",
        arguments: HostVanishCell.silentTable)
    func silence(cell: HostVanishCell) async throws {
        try await run(cell, timeout: silentTimeout) { rig, run in
            let outcome = try await run.run()
            switch (cell.procedure, outcome) {
            case (_, .finished) where cell.procedure.finishes(cutAfter: cell.step):
                try await rig.disconnect(central: run.links.central.handle, peripheral: run.links.peripheral.handle)
            case (.reliableWrite, .failed(let error)):
                #expect(error.isATTTimeout, "\(error)")
                // The specification drops the link after an ATT timeout; the central does so by itself, and
                // reports it as a connection timeout rather than as its own doing.
                let reason = try await rig.linkDown(
                    central: run.links.central.handle, peripheral: run.links.peripheral.handle)
                #expect(reason == .connectionTimeout)
                #expect(rig.transport.swallowedATT <= 1, "ATT PDUs sent after the transaction timed out")
            case (.pairing, .failed(let error)):
                #expect(error.isPairingTimeout, "\(error)")
                try await rig.disconnect(central: run.links.central.handle, peripheral: run.links.peripheral.handle)
            default:
                Issue.record("unexpected outcome against a silent peer: \(outcome)")
                try await rig.disconnect(central: run.links.central.handle, peripheral: run.links.peripheral.handle)
            }
        }
    }

    /// Sets up a rig for `cell` (both hosts with the given protocol timeout, the procedure prepared, the peer's
    /// transport armed at the cell's step), runs `body`, which starts the procedure and waits for the link to go
    /// down, then checks that nothing was left half done and that a new connection works.
    private func run(
        _ cell: HostVanishCell, timeout: Duration?,
        _ body: (HostVanishRig, inout HostVanishRun) async throws -> Void
    ) async throws {
        try await RigSlots.withSlot {
            let rig = try await HostVanishRig.start(
                model: cell.procedure.model, steps: cell.procedure.steps, timeout: timeout)
            var run = try await HostVanishRun.prepare(cell.procedure, on: rig)
            rig.transport.arm(step: cell.step)
            try await body(rig, &run)
            try await run.checkAftermath()
            try await run.checkNextConnection()
            await rig.stop()
        }
    }
}

extension HostVanishProcedure {
    /// The association model the hosts are set up for (Just Works where the procedure does not pair afresh).
    var model: PairingScenario.Model {
        if case .pairing(let model, _) = self { return model }
        return .secureJustWorks
    }
}

extension HostError {
    /// Whether the call failed because the link went down under it.
    var isDisconnection: Bool {
        switch self {
        case .disconnected, .notConnected, .gatt(_, .bearer(.disconnected)), .att(_, .disconnected): true
        default: false
        }
    }

    /// Whether the call failed because its ATT transaction got no answer in time.
    var isATTTimeout: Bool {
        switch self {
        case .gatt(_, .bearer(.timeout)), .att(_, .timeout): true
        default: false
        }
    }

    /// Whether the call failed because the Security Manager's timer ran out.
    var isPairingTimeout: Bool {
        if case .pairingTimeout = self { return true }
        return false
    }
}
