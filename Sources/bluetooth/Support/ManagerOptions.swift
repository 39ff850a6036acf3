import Foundation
import CoreBluetooth

extension GlobalOptions {
    /// The manager options that carry `--transport` and `--btsnoop` to a `CBCentralManager` or
    /// `CBPeripheralManager`.
    func managerOptions() -> [String: Any] {
        var options: [String: Any] = [:]
        if let transport {
            options[CBManagerOptionTransportKey] = transport
        }
        if let btsnoop {
            options[CBManagerOptionBTSnoopPathKey] = btsnoop
        }
        return options
    }

    /// The transport spec as given (`--transport`, else `BLUETOOTH_TRANSPORT`, else `virtual`), for messages.
    var transportText: String {
        transport ?? ProcessInfo.processInfo.environment["BLUETOOTH_TRANSPORT"] ?? "virtual"
    }

    /// The failure to report when a manager's state settles on something other than `.poweredOn`.
    func notPoweredOn(_ state: CBManagerState) -> CommandFailure {
        switch state {
        case .unsupported: CommandFailure("transport '\(transportText)' is not a usable Bluetooth controller")
        case .unauthorized: CommandFailure("not allowed to use transport '\(transportText)'")
        default: CommandFailure("cannot open transport '\(transportText)': the controller is off or unreachable")
        }
    }
}
