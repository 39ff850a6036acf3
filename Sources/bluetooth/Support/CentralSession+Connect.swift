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
        queue.sync {
            manager.stopScan()
            peripheral.delegate = self
        }
        progress.say("connecting to \(peripheral.identifier.uuidString)…")
        let connectTimer = self.timeout(after: timeout, "could not connect within \(Self.seconds(timeout))")
        defer { connectTimer.cancel() }
        queue.sync { manager.connect(peripheral) }
        _ = try await next { event -> Bool? in
            switch event {
            case .connected(let identifier) where identifier == peripheral.identifier: return true
            case .failedToConnect(let identifier, let name) where identifier == peripheral.identifier:
                throw CommandFailure("could not connect: \(name)")
            default: return nil
            }
        }
        progress.say("connected")
        return peripheral
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
