import Foundation
import HCI
import Host
import VirtualRadio

/// Starts the host stack a manager runs on: on the controller its options or `BLUETOOTH_TRANSPORT`
/// name, or on a new controller of this process's virtual air.
enum ManagerHost {
    /// What a manager's options ask of its host: the transport, a btsnoop log, an address, a bond directory, a
    /// pairing agent.
    struct Launch: Sendable {
        var spec: TransportSpec
        var snoopPath: String?
        var position: Position?
        var airTiming: AirTiming
        var generation: ControllerGeneration
        var configuration: HostConfiguration
        var pairingAgent: (any PairingAgent)?
        /// The simulated radio the host runs on instead of `spec`, in a test (``SimulatedRadios``).
        var radio: (any SimulatedRadio)?
    }

    /// A manager option only tests pass (reached through `@testable import`), a `Duration`: the ATT transaction,
    /// Security Manager and L2CAP signaling timers run this long instead of the 30 s the specification gives them,
    /// so that a test meets a peer that stops answering without waiting half a minute.
    static let protocolTimeoutKey = "CBManagerOptionProtocolTimeout"

    /// Reads a manager's options (and the environment) into what its host needs: among them the GAP Device Name
    /// and Appearance its GATT server serves.
    static func launch(
        options: [String: Any]?, pairingAgent: (any PairingAgent)? = nil
    ) throws(TransportError) -> Launch {
        let environment = ProcessInfo.processInfo.environment
        let text = options?[CBManagerOptionTransportKey] as? String ?? environment["BLUETOOTH_TRANSPORT"] ?? "virtual"
        let spec = try TransportSpec(parsing: text)
        var configuration = HostConfiguration(
            deviceName: options?[CBManagerOptionDeviceNameKey] as? String ?? LocalDeviceName.hostName)
        if let appearance = options?[CBManagerOptionAppearanceKey] as? any BinaryInteger,
            let value = UInt16(exactly: appearance)
        {
            configuration.appearance = value
        }
        configuration.pairing.adopt(options: options)
        if let address = (options?[CBManagerOptionStaticAddressKey] as? String).flatMap(BluetoothAddress.init) {
            configuration.setup = ControllerSetupOptions(staticRandomAddress: address)
        }
        if let interval = options?[CBManagerOptionAdvertisingIntervalKey] as? Int {
            configuration.advertisingInterval = .milliseconds(interval)
        }
        if let mtu = options?[CBManagerOptionMaximumATTMTUKey] as? Int {
            configuration.preferredMTU = min(max(mtu, ATTBearer.minimumMTU), ATTBearer.maximumMTU)
            configuration.server.serverRxMTU = configuration.preferredMTU
        }
        if let timeout = options?[protocolTimeoutKey] as? Duration {
            configuration.transactionTimeout = timeout
            configuration.pairingTimeout = timeout
            configuration.signalingTimeout = timeout
        }
        if let directory = options?[CBManagerOptionBondDirectoryKey] as? String {
            configuration.bondDirectory = directory
        } else if spec != .virtual {
            configuration.bondDirectory = BondStore.defaultDirectory(environment: environment)
        }
        let timingName = options?[CBManagerOptionVirtualAirKey] as? String ?? environment[AirTiming.environmentVariable]
        var airTiming = AirTiming.instant
        if let timingName {
            guard let timing = AirTiming(name: timingName) else {
                throw .invalidSpec("virtual", reason: "unknown virtual air '\(timingName)' (expected instant or timed)")
            }
            airTiming = timing
        }
        var generation = ControllerGeneration.v5_3
        if let name = options?[CBManagerOptionVirtualControllerKey] as? String {
            guard let named = ControllerGeneration(rawValue: name) else {
                throw .invalidSpec(
                    "virtual",
                    reason: "unknown controller generation '\(name)' (expected \(ControllerGeneration.names))")
            }
            generation = named
        }
        let radio = SimulatedRadios.chosen(by: options)
        if let radio { configuration.clock = radio.clock }
        var position: Position?
        if let coordinates = options?[CBManagerOptionVirtualPositionKey] as? [Double], coordinates.count == 2 {
            position = Position(x: coordinates[0], y: coordinates[1])
        }
        return Launch(
            spec: spec, snoopPath: options?[CBManagerOptionBTSnoopPathKey] as? String, position: position,
            airTiming: airTiming, generation: generation, configuration: configuration, pairingAgent: pairingAgent,
            radio: radio)
    }

    /// Opens the transport (a simulated radio's controller when the manager has one) and brings a host up on it.
    static func start(_ launch: Launch) async throws -> BluetoothHost {
        var transport: any HCITransport
        var configuration = launch.configuration
        if let radio = launch.radio {
            let opened = try await radio.open(configuration: launch.generation.configuration)
            if let address = opened.staticAddress {
                configuration.setup = ControllerSetupOptions(staticRandomAddress: address)
            }
            transport = opened.transport
        } else if launch.spec == .virtual {
            let controller = await VirtualAir.makeTransport(
                configuration: launch.generation.configuration, timing: launch.airTiming)
            if let position = launch.position { await controller.move(to: position) }
            transport = controller
        } else {
            transport = try await launch.spec.open(executor: PollingExecutor.shared)
        }
        if let snoopPath = launch.snoopPath {
            transport = try SnoopingTransport(wrapping: transport, path: snoopPath)
        }
        let host = try await BluetoothHost.start(transport: transport, configuration: configuration)
        if let agent = launch.pairingAgent { await host.setPairingAgent(agent) }
        return host
    }
}
