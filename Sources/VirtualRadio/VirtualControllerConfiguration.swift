import HCI

/// What a virtual controller reports about itself and how much it can hold.
public struct VirtualControllerConfiguration: Hashable, Sendable {
    /// The versions and manufacturer a controller reports, locally and to peers.
    public struct Version: Hashable, Sendable {
        /// HCI version (Assigned Numbers; 0x0C is Core 5.3).
        public var hciVersion: UInt8
        /// HCI revision.
        public var hciSubversion: UInt16
        /// Link-layer version (Assigned Numbers).
        public var lmpVersion: UInt8
        /// Company identifier (0xFFFF is reserved for tests and development).
        public var companyIdentifier: UInt16
        /// Link-layer revision.
        public var lmpSubversion: UInt16

        public init(
            hciVersion: UInt8 = 0x0C, hciSubversion: UInt16 = 0x0001, lmpVersion: UInt8 = 0x0C,
            companyIdentifier: UInt16 = 0xFFFF, lmpSubversion: UInt16 = 0x0001
        ) {
            self.hciVersion = hciVersion
            self.hciSubversion = hciSubversion
            self.lmpVersion = lmpVersion
            self.companyIdentifier = companyIdentifier
            self.lmpSubversion = lmpSubversion
        }

        /// The versions a controller of `generation` reports, with the test company identifier.
        public init(_ generation: ControllerGeneration) {
            self.init(hciVersion: generation.versionNumber, lmpVersion: generation.versionNumber)
        }
    }

    /// The LE features a virtual controller implements.
    public static let implementedFeatures: LEFeatures = [
        .encryption, .connectionParametersRequest, .peripheralInitiatedFeaturesExchange,
        .dataPacketLengthExtension, .llPrivacy, .le2MPHY, .extendedAdvertising,
    ]

    /// The public device address (Read BD_ADDR); zero means the controller has none.
    public var publicAddress: BluetoothAddress
    /// Largest ACL payload one host-to-controller packet may carry (LE Read Buffer Size).
    public var aclBufferLength: UInt16
    /// How many host-to-controller ACL packets the controller holds before Number Of Completed Packets frees them.
    public var aclBufferCount: UInt8
    /// Whether LE shares the BR/EDR ACL buffers: LE Read Buffer Size then reports zero and the buffers above come
    /// from Read Buffer Size, as on many 4.0 parts.
    public var sharesACLBuffers: Bool
    /// The controller generation: which commands it knows, which LE subevents it sends.
    public var generation: ControllerGeneration
    /// How many connections the controller holds at once, in both roles together.
    public var maximumConnections: Int
    /// How many extended advertising sets the controller supports.
    public var advertisingSets: UInt8
    /// The most advertising or scan response data one extended advertising set holds.
    public var maximumAdvertisingDataLength: UInt16
    /// Entries the filter accept list holds.
    public var filterAcceptListSize: UInt8
    /// Entries the resolving list holds.
    public var resolvingListSize: UInt8
    /// The LE features the controller reports (by default its generation's); a subset of ``implementedFeatures``
    /// hides a feature from hosts.
    public var leFeatures: LEFeatures
    /// The versions and manufacturer the controller reports.
    public var version: Version
    /// Transmit power of advertising and connections, in dBm.
    public var txPower: Int8
    /// Where the controller starts on the air.
    public var position: Position
    /// How many packets may wait for the host before the controller sheds load, as `incoming` documents.
    public var hostQueueCapacity: Int
    /// Whether the host may mix legacy and extended advertising commands, which the spec forbids
    /// (Vol 4, Part E, 3.1.1): by default a mixing command gets Command Disallowed (0x0C).
    public var allowsMixedAdvertisingCommands: Bool
    /// How long, on an instant air, the controller may hold back a Number Of Completed Packets report while it
    /// waits for something else to send its host, which the report then goes out with, as a controller that
    /// reports at connection events does; it reports at once when a quarter of its buffers wait to be reported. Nil
    /// (the default) reports each batch of delivered packets at once. `bluetooth sim` holds reports for 1 ms, so
    /// a round trip's reports ride with its request and its response instead of waking each host again.
    public var completedPacketsDelay: Duration?

    /// A controller of `generation` (5.3 by default); `leFeatures` and `version` default to the generation's.
    public init(
        publicAddress: BluetoothAddress = .zero,
        aclBufferLength: UInt16 = 251,
        aclBufferCount: UInt8 = 8,
        sharesACLBuffers: Bool = false,
        maximumConnections: Int = 32,
        advertisingSets: UInt8 = 4,
        maximumAdvertisingDataLength: UInt16 = 1650,
        filterAcceptListSize: UInt8 = 16,
        resolvingListSize: UInt8 = 16,
        leFeatures: LEFeatures? = nil,
        version: Version? = nil,
        generation: ControllerGeneration = .v5_3,
        txPower: Int8 = 0,
        position: Position = .origin,
        hostQueueCapacity: Int = 1024,
        allowsMixedAdvertisingCommands: Bool = false,
        completedPacketsDelay: Duration? = nil
    ) {
        self.publicAddress = publicAddress
        self.aclBufferLength = aclBufferLength
        self.aclBufferCount = aclBufferCount
        self.sharesACLBuffers = sharesACLBuffers
        self.generation = generation
        self.maximumConnections = maximumConnections
        self.advertisingSets = advertisingSets
        self.maximumAdvertisingDataLength = maximumAdvertisingDataLength
        self.filterAcceptListSize = filterAcceptListSize
        self.resolvingListSize = resolvingListSize
        self.leFeatures = leFeatures ?? generation.leFeatures
        self.version = version ?? Version(generation)
        self.txPower = txPower
        self.position = position
        self.hostQueueCapacity = hostQueueCapacity
        self.allowsMixedAdvertisingCommands = allowsMixedAdvertisingCommands
        self.completedPacketsDelay = completedPacketsDelay
    }
}
