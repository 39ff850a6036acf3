import CoreBluetooth
import Foundation
import HCI

/// How a command waits for its controller. A manager on `tcp:` or `unix:` stays `.poweredOff` until a controller
/// answers there (a `bluetooth sim` started a moment after the command, as the README's walkthrough does) and
/// powers on when one does, so the command waits: after ``hintDelay`` it says what it waits for, and after
/// ``patience`` it gives up with the transport's error. On other transports the first `.poweredOff` is final.
struct ControllerWait: Sendable {
    /// How long a command waits in silence before saying what it waits for.
    static let hintDelay = 1.0
    /// How long a command waits for its controller before it fails, unless `BLUETOOTH_CONTROLLER_WAIT` says.
    static let defaultPatience = 10.0

    /// The transport as the user gave it.
    let transport: String
    /// How long this command waits for its controller: `BLUETOOTH_CONTROLLER_WAIT` seconds when that is a positive
    /// number (a slow machine, or a controller that takes long to come), else ``defaultPatience``.
    let patience: Double

    init(_ options: GlobalOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        transport = options.transportText
        patience =
            environment["BLUETOOTH_CONTROLLER_WAIT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            ?? Self.defaultPatience
    }

    /// Whether a powered-off manager on this transport may still see its controller come.
    var mayStillCome: Bool {
        switch try? TransportSpec(parsing: transport) {
        case .tcp, .unix: true
        default: false
        }
    }

    /// Watches `manager` (whose state lives on `queue`) while the command waits for it to power on: says what it
    /// waits for after ``hintDelay`` if it is powered off then, and calls `giveUp` with the failure if it is not
    /// powered on after ``patience``. Cancel the task once the manager is powered on.
    func watch<Manager: CBManager & Sendable>(
        _ manager: Manager, on queue: DispatchQueue, _ progress: Progress,
        giveUp: @escaping @Sendable (CommandFailure) -> Void
    ) -> Task<Void, Never> {
        let patience = patience
        return Task {
            guard (try? await Task.sleep(for: .seconds(Self.hintDelay))) != nil else { return }
            let (state, reason) = queue.sync { (manager.state, manager.unavailabilityReason) }
            if state == .poweredOff { progress.say(hint(reason: reason)) }
            guard (try? await Task.sleep(for: .seconds(max(patience - Self.hintDelay, 0)))) != nil else { return }
            let (laterState, laterReason) = queue.sync { (manager.state, manager.unavailabilityReason) }
            if laterState != .poweredOn { giveUp(failure(reason: laterReason)) }
        }
    }

    /// The progress line that says what the command waits for and why it has no controller yet.
    private func hint(reason: String?) -> String {
        "waiting for a controller at '\(transport)'\(reason.map { " (\($0))" } ?? "")\(suggestion)…"
    }

    /// The failure when no controller came within ``patience``.
    func failure(reason: String?) -> CommandFailure {
        CommandFailure(
            "no controller at '\(transport)' within \(seconds) s\(reason.map { ": \($0)" } ?? "")"
                + suggestion)
    }

    /// ``patience`` as a person writes it: 10, not 10.0.
    private var seconds: String {
        patience == patience.rounded() && patience < 1e9 ? String(Int(patience)) : String(patience)
    }

    /// What to run to put a controller there: `bluetooth sim` listens on TCP.
    private var suggestion: String {
        guard case .tcp(let host, let port) = try? TransportSpec(parsing: transport) else { return "" }
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "; is 'bluetooth sim --listen \(address)' running?"
    }
}
