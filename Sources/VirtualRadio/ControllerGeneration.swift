import HCI

/// A generation of Bluetooth LE controller a virtual controller can stand for: what it reports (versions, Supported
/// Commands, LE features, buffers, list sizes, links) and what it refuses, as a real part of that generation would.
///
/// Each generation has what its Core Specification version introduced (docs/controllers.md gives the table and
/// its sources); the commands a generation lacks get Unknown HCI Command (0x01), and the LE subevents it lacks
/// are never sent, whatever the host unmasks.
public enum ControllerGeneration: String, CaseIterable, Comparable, Sendable {
    /// Bluetooth 4.0, as a CSR8510 dongle: legacy advertising, scanning and connections, LE encryption; no data
    /// length extension, LL privacy, 2M PHY or extended advertising. LE Read Buffer Size reports no LE buffers, so
    /// the host uses the few 27-byte ACL buffers Read Buffer Size gives; one link at a time.
    case v4_0 = "4.0"
    /// Bluetooth 4.2: 4.1's connection parameters request and peripheral-initiated features exchange, and 4.2's
    /// data length extension, LL privacy (resolving list) and LE Enhanced Connection Complete.
    case v4_2 = "4.2"
    /// Bluetooth 5.0: adds LE 2M PHY, extended advertising and scanning, LE Extended Create Connection.
    case v5_0 = "5.0"
    /// Bluetooth 5.3: everything the virtual controller implements, LE Read Buffer Size v2 (5.2) among it.
    case v5_3 = "5.3"

    /// The generations by name, as `sim --controller` and world files write them.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The HCI and LMP version number of the generation's Core Specification (Assigned Numbers 2.1).
    public var versionNumber: UInt8 {
        switch self {
        case .v4_0: 0x06
        case .v4_2: 0x08
        case .v5_0: 0x09
        case .v5_3: 0x0C
        }
    }

    /// The LE features the generation reports: of those the virtual controller implements, the ones its version
    /// had introduced.
    public var leFeatures: LEFeatures {
        switch self {
        case .v4_0: [.encryption]
        case .v4_2:
            [
                .encryption, .connectionParametersRequest, .peripheralInitiatedFeaturesExchange,
                .dataPacketLengthExtension, .llPrivacy,
            ]
        case .v5_0, .v5_3: VirtualControllerConfiguration.implementedFeatures
        }
    }

    /// The LE Meta subevents the generation knows (bit n-1 for subevent n): 0x01-0x05 in 4.0, 0x06 from 4.1,
    /// 0x07-0x0B from 4.2, 0x0C-0x14 from 5.0; 5.3 sends every subevent the virtual controller has.
    var leSubevents: UInt64 {
        switch self {
        case .v4_0: 0x1F
        case .v4_2: 0x7FF
        case .v5_0: 0xF_FFFF
        case .v5_3: .max
        }
    }

    /// A controller of this generation with its typical buffers, list sizes and links.
    public var configuration: VirtualControllerConfiguration {
        switch self {
        case .v4_0:
            VirtualControllerConfiguration(
                aclBufferLength: 27, aclBufferCount: 4, sharesACLBuffers: true, maximumConnections: 1,
                filterAcceptListSize: 8, resolvingListSize: 0, generation: self)
        case .v4_2:
            VirtualControllerConfiguration(
                aclBufferLength: 251, aclBufferCount: 4, maximumConnections: 4, filterAcceptListSize: 8,
                resolvingListSize: 8, generation: self)
        case .v5_0:
            VirtualControllerConfiguration(maximumConnections: 8, generation: self)
        case .v5_3:
            VirtualControllerConfiguration(generation: self)
        }
    }
}
