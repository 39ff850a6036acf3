import HCI

/// How a ``BluetoothHost`` sets up its controller, serves GATT and treats new connections.
public struct HostConfiguration: Sendable {
    /// The address the start-up sequence sets up.
    public var setup: ControllerSetupOptions
    /// The Device Name the GAP service serves.
    public var deviceName: String
    /// The Appearance the GAP service serves.
    public var appearance: UInt16
    /// The services our GATT server starts with, after the GAP and GATT services.
    public var services: [ServiceDefinition]
    /// The GATT server's limits (receive MTU, prepare queue, transmit queue, key size).
    public var server: GATTServerConfiguration
    /// The largest ATT_MTU this host accepts, offered in Exchange MTU (23...517).
    public var preferredMTU: Int
    /// Whether a new connection exchanges MTU (as central) and asks for the longest data length.
    public var negotiatesLinkOnConnect: Bool
    /// The longest L2CAP PDU a connection reassembles; longer ones are dropped and the link survives.
    public var maximumL2CAPPDUSize: Int
    /// How many host events may wait for the layer above before the newest are dropped.
    public var eventBufferLimit: Int
    /// The clock that times commands, ATT transactions and connection attempts.
    public var clock: any Clock<Duration>
    /// How long an HCI command may wait for its answer; nil (the default) takes the transport's bound (a virtual
    /// controller's two minutes), else 10 s, as Zephyr waits.
    public var commandTimeout: Duration?
    /// What this host can and wants to do when it pairs (IO capabilities, bonding, MITM, key sizes).
    public var pairing: PairingConfiguration
    /// The directory of the bond file; nil keeps bonds in memory only, for as long as the host runs.
    public var bondDirectory: String?
    /// Resolvable private addresses for our advertising and an identity to distribute; nil uses the identity
    /// address on the air.
    public var privacy: PrivacyConfiguration?
    /// Time between two advertising events (20 ms to 10.24 s; legacy advertising rounds to 0.625 ms units).
    public var advertisingInterval: Duration = .milliseconds(100)
    /// How long an ATT request or indication of ours waits for its answer before the bearer closes and the link
    /// is dropped (30 s, as the specification says; tests shorten it to meet a silent peer).
    public var transactionTimeout: Duration = ATTBearer.transactionTimeout
    /// How long a pairing may make no progress before it fails (30 s, the Security Manager timer; tests shorten it).
    public var pairingTimeout: Duration = BluetoothHost.pairingTimeout
    /// How long an L2CAP signaling request of ours waits for its response (RTX; 30 s, tests shorten it).
    public var signalingTimeout: Duration = SignalingChannel.defaultResponseTimeout

    /// Makes a configuration; every parameter has a default fit for most hosts.
    public init(
        setup: ControllerSetupOptions = .init(), deviceName: String = "Linux", appearance: UInt16 = 0,
        services: [ServiceDefinition] = [], server: GATTServerConfiguration = .init(),
        preferredMTU: Int = ATTBearer.maximumMTU,
        negotiatesLinkOnConnect: Bool = true, maximumL2CAPPDUSize: Int = 4096, eventBufferLimit: Int = 65_536,
        clock: any Clock<Duration> = ContinuousClock(), commandTimeout: Duration? = nil,
        pairing: PairingConfiguration = .init(), bondDirectory: String? = nil,
        privacy: PrivacyConfiguration? = nil
    ) {
        self.setup = setup
        self.deviceName = deviceName
        self.appearance = appearance
        self.services = services
        self.server = server
        self.preferredMTU = preferredMTU
        self.negotiatesLinkOnConnect = negotiatesLinkOnConnect
        self.maximumL2CAPPDUSize = maximumL2CAPPDUSize
        self.eventBufferLimit = eventBufferLimit
        self.clock = clock
        self.commandTimeout = commandTimeout
        self.pairing = pairing
        self.bondDirectory = bondDirectory
        self.privacy = privacy
    }
}
