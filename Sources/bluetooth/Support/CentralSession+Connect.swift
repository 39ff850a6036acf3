import CoreBluetooth
import Foundation

extension CentralSession {
    /// Scans until the target advertises and connects to it, failing after `timeout` seconds.
    func connect(
        to target: Target, with manager: CBCentralManager, timeout: Double, _ progress: Progress
    ) async throws -> CBPeripheral {
        progress.say("scanning for \(target)…")
        let timer = self.timeout(after: timeout, "\(target) not found within \(Self.seconds(timeout))")
        queue.sync { manager.scanForPeripherals(withServices: nil) }
        let peripheral = try await next { event -> CBPeripheral? in
            guard case .discovered(let peripheral, let advertisement) = event else { return nil }
            let name = queue.sync { peripheral.name }
            return target.matches(peripheral.identifier, advertisement, name: name) ? peripheral : nil
        }
        timer.cancel()
        if case .name = target {
            try await ensureOnlyMatch(peripheral, of: target)
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

    /// Keeps scanning for ``ambiguityWindow`` and fails, listing them all, when other peripherals match `target`
    /// too: a name shared by several peripherals does not say which one to connect to.
    private func ensureOnlyMatch(_ first: CBPeripheral, of target: Target) async throws {
        var matches = [first.identifier]
        let timer = timeout(after: Self.ambiguityWindow, "")
        defer { timer.cancel() }
        _ = try await next { event -> Bool? in
            switch event {
            case .discovered(let peripheral, let advertisement) where !matches.contains(peripheral.identifier):
                let name = queue.sync { peripheral.name }
                if target.matches(peripheral.identifier, advertisement, name: name) {
                    matches.append(peripheral.identifier)
                }
                return nil
            case .timedOut: return true
            default: return nil
            }
        }
        guard matches.count > 1 else { return }
        let listed = matches.map { identifier in
            Target.address(of: identifier).map { "\($0) (\(identifier.uuidString))" } ?? identifier.uuidString
        }
        throw CommandFailure(
            "\(target) matches \(matches.count) peripherals: \(listed.joined(separator: ", ")); "
                + "name one by its address or identifier")
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
