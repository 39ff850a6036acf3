import CoreBluetooth
import Foundation
import GATTFileFormat

extension CentralSession {
    /// Scans until the target advertises and connects to it, failing after `timeout` seconds.
    func connect(
        to target: Target, with manager: CBCentralManager, timeout: Double, _ progress: Progress
    ) async throws -> CBPeripheral {
        progress.say("scanning for \(target)…")
        let timer = self.timeout(after: timeout, "\(target) not found within \(Self.seconds(timeout))")
        queue.sync { manager.scanForPeripherals(withServices: nil) }
        var seen: [String] = []
        let (first, fit) = try await next { event -> (CBPeripheral, Target.Fit)? in
            if case .timedOut(let message) = event { throw CommandFailure("\(message); \(Self.describe(seen))") }
            guard case .discovered(let peripheral, let advertisement) = event else { return nil }
            let name = queue.sync { peripheral.name }
            for named in [advertisement.localName, name].compactMap({ $0 }) where !seen.contains(named) {
                seen.append(named)
            }
            return target.fit(peripheral.identifier, advertisement, name: name).map { (peripheral, $0) }
        }
        timer.cancel()
        var peripheral = first
        if case .name = target {
            peripheral = try await bestMatch(first, fit, of: target)
        }
        queue.sync {
            manager.stopScan()
            peripheral.delegate = self
        }
        progress.say("connecting to \(peripheral.identifier.uuidString)…")
        let connectTimer = self.timeout(after: timeout, "could not connect within \(Self.seconds(timeout))")
        defer { connectTimer.cancel() }
        hold(peripheral)
        queue.sync { manager.connect(peripheral) }
        _ = try await next { event -> Bool? in
            switch event {
            case .connected(let identifier) where identifier == peripheral.identifier: return true
            case .failedToConnect(let identifier, let failure) where identifier == peripheral.identifier:
                throw CommandFailure("could not connect: \(failure)")
            default: return nil
            }
        }
        progress.say("connected")
        return peripheral
    }

    /// How long a name target keeps being looked for after its first match, to find others of the same name.
    static let ambiguityWindow = 1.0

    /// Keeps scanning for ``ambiguityWindow`` for other peripherals that match `target`, and returns the one that
    /// fits best (an exact name before one that differs in case); fails, listing them, when several fit as well:
    /// a name shared by several peripherals does not say which one to connect to.
    private func bestMatch(_ first: CBPeripheral, _ fit: Target.Fit, of target: Target) async throws -> CBPeripheral {
        var matches = [(peripheral: first, fit: fit)]
        let timer = timeout(after: Self.ambiguityWindow, "")
        defer { timer.cancel() }
        _ = try await next { event -> Bool? in
            switch event {
            case .discovered(let peripheral, let advertisement)
            where !matches.contains(where: { $0.peripheral.identifier == peripheral.identifier }):
                let name = queue.sync { peripheral.name }
                if let fit = target.fit(peripheral.identifier, advertisement, name: name) {
                    matches.append((peripheral, fit))
                }
                return nil
            case .timedOut: return true
            default: return nil
            }
        }
        let best = matches.map(\.fit).max() ?? fit
        let chosen = matches.filter { $0.fit == best }.map(\.peripheral)
        guard chosen.count > 1 else { return chosen.first ?? first }
        let listed = chosen.map(\.identifier).map { identifier in
            Target.address(of: identifier).map { "\($0) (\(identifier.uuidString))" } ?? identifier.uuidString
        }
        throw CommandFailure(
            "\(target) matches \(chosen.count) peripherals: \(listed.joined(separator: ", ")); "
                + "name one by its address or identifier")
    }

    /// The names seen while scanning, for a target that was not found among them.
    private static func describe(_ seen: [String]) -> String {
        guard !seen.isEmpty else { return "no peripheral advertised a name" }
        let shown = seen.prefix(20).map { "'\(PrintableText.escaped($0))'" }.joined(separator: ", ")
        return "names seen: \(shown)\(seen.count > 20 ? " and \(seen.count - 20) more" : "")"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
