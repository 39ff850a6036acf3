import HCI
import Synchronization

/// The core of `bluetooth sim`: every client transport (an H4 connection from another process or stack)
/// gets a fresh virtual controller on one shared air, with packets pumped both ways.
///
/// When a client goes away its controller leaves the air, and each of its peers sees its link end with
/// Connection Timeout (0x08), as a real peer sees a device that vanished (the supervision timer expires).
public final class SimServer: Sendable {
    /// The air every client's controller joins.
    public let air: Air
    /// How each client's controller is set up.
    public let configuration: VirtualControllerConfiguration

    /// Where clients are served (and the air's work they cause runs), when not on the shared pool.
    public let executor: (any TaskExecutor)?

    /// The public address of the first client's controller, when controllers have one: the next clients' count up
    /// from it. Nil leaves ``configuration``'s address (zero: none) to every controller.
    public let firstPublicAddress: BluetoothAddress?

    private let clientsServed = Mutex<UInt64>(0)

    /// Makes a server; with an `executor`, every client is served there (`bluetooth sim` gives the
    /// ``PollingExecutor`` its listener's connections run on, so a packet crosses the sim on one thread). With a
    /// `firstPublicAddress`, each client's controller has a public address of its own, as real controllers do.
    public init(
        air: Air = Air(), configuration: VirtualControllerConfiguration = VirtualControllerConfiguration(),
        executor: (any TaskExecutor)? = nil, firstPublicAddress: BluetoothAddress? = nil
    ) {
        self.air = air
        self.configuration = configuration
        self.executor = executor
        self.firstPublicAddress = firstPublicAddress
    }

    /// Serves every connection the listener accepts, until it closes.
    public func run(_ listener: TCPListener) async throws {
        try await run(listener.connections)
    }

    /// Serves every client the sequence yields, each concurrently, until the sequence ends or fails; ending
    /// the sequence leaves clients already connected served.
    public func run<Clients: AsyncSequence>(_ clients: Clients) async throws where Clients.Element: HCITransport {
        try await withTaskExecutorPreference(executor) {
            try await withThrowingDiscardingTaskGroup { group in
                for try await client in clients {
                    group.addTask { await self.serve(client) }
                }
            }
        }
    }

    /// Serves one client until it or its controller goes away.
    public func serve(_ client: any HCITransport) async {
        var configuration = configuration
        if let firstPublicAddress {
            let index = clientsServed.withLock { count in
                defer { count += 1 }
                return count
            }
            configuration.publicAddress = BluetoothAddress(rawValue: firstPublicAddress.rawValue &+ index)
        }
        let controller = await air.makeController(configuration: configuration)
        await HCIBridge.run(client, controller)
    }
}
