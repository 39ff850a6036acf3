import CoreBluetooth
import Foundation
import HCI

extension GlobalOptions {
    /// The manager options that carry `--transport`, `--btsnoop` and `--address` to a `CBCentralManager` or
    /// `CBPeripheralManager`, with the bond directory a run of this identity keeps its bonds in.
    func managerOptions() -> [String: Any] {
        var options: [String: Any] = [:]
        if let transport {
            options[CBManagerOptionTransportKey] = transport
        }
        if let snoopPath {
            options[CBManagerOptionBTSnoopPathKey] = snoopPath
        }
        if let address {
            options[CBManagerOptionStaticAddressKey] = address
        }
        if let directory = throwawayBondDirectory {
            options[CBManagerOptionBondDirectoryKey] = directory
        }
        return options
    }

    /// A directory of this run's own for the bonds of a throwaway identity, or nil to use the user's store.
    ///
    /// Controllers reached over `tcp:` and `unix:` (`bluetooth sim`, Bumble, emulators) have no address of their
    /// own, so each run would bond under a fresh random address and leave a bond file behind in the user's store;
    /// without `--address` their bonds go to a temporary directory instead. Hardware (`hciN`, `serial:`) has a
    /// public address and keeps its bonds in the user's store; the virtual radio keeps none on disk.
    private var throwawayBondDirectory: String? {
        guard address == nil,
            let spec = try? transportSpec(environment: ProcessInfo.processInfo.environment)
        else { return nil }
        switch spec {
        case .tcp, .unix: return Self.throwawayBondPath
        case .virtual, .serial, .hciUserChannel: return nil
        }
    }

    /// This process's own bond directory for a throwaway identity; `bluetooth` removes it when it exits.
    static let throwawayBondPath = FileManager.default.temporaryDirectory
        .appendingPathComponent("bluetooth-bonds-\(getpid())").path

    /// The transport spec as given (`--transport`, else `BLUETOOTH_TRANSPORT`, else `virtual`), for messages.
    var transportText: String {
        transport ?? ProcessInfo.processInfo.environment["BLUETOOTH_TRANSPORT"] ?? "virtual"
    }

    /// Says once, on standard error, that the default virtual air is private to this process, so a first run that
    /// sees nobody is explained; nothing on another transport.
    func hintAtPrivateAir() {
        guard transportText == "virtual" else { return }
        Progress().say(
            "note: the virtual radio is private to this process; to share one air with other commands, run "
                + "'bluetooth sim --listen 127.0.0.1:7000' and pass '--transport tcp:127.0.0.1:7000' to each.")
    }

    /// The failure to report when a manager's state settles on something other than `.poweredOn`, with its cause:
    /// the manager's `unavailabilityReason` (its transport's error), or what bluetoothd says of its adapter.
    func failure(for state: CBManagerState, reason: String?) async -> CommandFailure {
        if state == .unauthorized {
            return CommandFailure("not allowed to use transport '\(transportText)'")
        }
        if let adapter = BlueZTransport.adapter(in: transportText) {
            return CommandFailure(
                await BlueZTransport.problem(adapter: adapter)
                    ?? "transport 'bluez:\(adapter)': the adapter is off")
        }
        return CommandFailure(reason ?? "the controller of transport '\(transportText)' did not start")
    }
}
