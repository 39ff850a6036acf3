import Foundation
import HCI
import Host
import VirtualRadio

/// Starts the host stack a manager runs on: on the controller its options or `BLUETOOTH_TRANSPORT`
/// name, or on a new controller of this process's virtual air.
enum ManagerHost {
    /// The transport spec a manager created with `options` uses.
    static func transportSpec(options: [String: Any]?) throws(TransportError) -> TransportSpec {
        let text =
            options?[CBManagerOptionTransportKey] as? String
            ?? ProcessInfo.processInfo.environment["BLUETOOTH_TRANSPORT"] ?? "virtual"
        return try TransportSpec(parsing: text)
    }

    /// Opens the transport and brings a host up on it.
    static func start(
        spec: TransportSpec, configuration: HostConfiguration
    ) async throws -> BluetoothHost {
        let transport: any HCITransport
        switch spec {
        case .virtual:
            transport = await VirtualAir.makeTransport()
        default:
            transport = try await spec.open()
        }
        return try await BluetoothHost.start(transport: transport, configuration: configuration)
    }
}
