import HCI

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

    /// Makes a server; with an `executor`, every client is served there (`bluetooth sim` gives the
    /// ``PollingExecutor`` its listener's connections run on, so a packet crosses the sim on one thread).
    public init(
        air: Air = Air(), configuration: VirtualControllerConfiguration = VirtualControllerConfiguration(),
        executor: (any TaskExecutor)? = nil
    ) {
        self.air = air
        self.configuration = configuration
        self.executor = executor
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
        let controller = await air.makeController(configuration: configuration)
        await HCIBridge.run(client, controller)
    }
}
