import Foundation
import HCI
import Host

/// What `bluetooth info` tells about a controller: who made it, which Bluetooth version it speaks, its address,
/// LE features, buffers and list sizes, and which CoreBluetooth features our host can offer on it.
struct ControllerReport {
    let info: ControllerInfo
    let filterAcceptListSize: Int
    let resolvingListSize: Int?

    /// The Core Specification version an HCI or LMP version number stands for (Assigned Numbers 2.1).
    static func specificationName(_ version: UInt8) -> String {
        let names: [UInt8: String] = [
            0x06: "4.0", 0x07: "4.1", 0x08: "4.2", 0x09: "5.0", 0x0A: "5.1", 0x0B: "5.2", 0x0C: "5.3", 0x0D: "5.4",
            0x0E: "6.0", 0x0F: "6.1",
        ]
        return names[version].map { "Bluetooth \($0)" } ?? "version 0x\(String(version, radix: 16)) (before 4.0)"
    }

    /// The LE features named in the report, with their bits.
    static let featureNames: [(LEFeatures, String)] = [
        (.encryption, "LE Encryption"), (.connectionParametersRequest, "Connection Parameters Request"),
        (.extendedRejectIndication, "Extended Reject Indication"),
        (.peripheralInitiatedFeaturesExchange, "Peripheral-initiated Features Exchange"), (.ping, "LE Ping"),
        (.dataPacketLengthExtension, "LE Data Packet Length Extension"), (.llPrivacy, "LL Privacy"),
        (.extendedScanningFilterPolicies, "Extended Scanning Filter Policies"), (.le2MPHY, "LE 2M PHY"),
        (.leCodedPHY, "LE Coded PHY"), (.extendedAdvertising, "LE Extended Advertising"),
        (.periodicAdvertising, "LE Periodic Advertising"), (.channelSelectionAlgorithm2, "Channel Selection #2"),
    ]

    /// The names of the LE features the controller reports.
    var featureNames: [String] { Self.featureNames.filter { info.leFeatures.contains($0.0) }.map(\.1) }

    /// Each CoreBluetooth feature whose availability depends on the controller, with whether it works here and,
    /// when it does not, what the controller lacks.
    var coreBluetoothFeatures: [(name: String, works: Bool, lacking: String?)] {
        func needs(_ feature: LEFeatures, _ name: String) -> (Bool, String?) {
            info.leFeatures.contains(feature) ? (true, nil) : (false, "the controller lacks \(name)")
        }
        let rows: [(String, (Bool, String?))] = [
            ("encrypted and paired links (SMP)", needs(.encryption, "LE Encryption")),
            (
                "ATT values longer than 27 bytes in one packet (data length)",
                needs(.dataPacketLengthExtension, "LE Data Packet Length Extension")
            ),
            ("2M PHY", needs(.le2MPHY, "LE 2M PHY")),
            (
                "advertising data beyond 31 bytes (extended advertising)",
                needs(.extendedAdvertising, "LE Extended Advertising")
            ),
            ("address resolution in the controller (LL privacy)", needs(.llPrivacy, "LL Privacy")),
        ]
        return rows.map { (name: $0.0, works: $0.1.0, lacking: $0.1.1) }
    }

    /// The report as lines of text.
    var text: [String] {
        let version = info.version
        let company = CompanyIdentifiers.name(of: version.companyIdentifier) ?? "unknown company"
        var lines = [
            "Company: \(company) (0x\(hex4(version.companyIdentifier)))",
            "HCI: \(Self.specificationName(version.hciVersion)) (revision 0x\(hex4(version.hciSubversion)))",
            "LMP: \(Self.specificationName(version.lmpVersion)) (subversion 0x\(hex4(version.lmpSubversion)))",
            "Public address: " + (info.publicAddress == .zero ? "none" : info.publicAddress.description),
            "LE features: " + featureNames.joined(separator: ", "),
            "ACL buffers: \(info.aclBufferCount) of \(info.aclBufferLength) bytes",
            "Filter accept list: \(filterAcceptListSize) entries",
            "Resolving list: " + (resolvingListSize.map { "\($0) entries" } ?? "none"),
            "CoreBluetooth features:",
        ]
        for feature in coreBluetoothFeatures {
            lines.append("  \(feature.name): " + (feature.lacking.map { "no, \($0)" } ?? "yes"))
        }
        return lines
    }

    /// The report as a JSON object.
    var json: [String: Any] {
        let version = info.version
        return [
            "companyIdentifier": Int(version.companyIdentifier),
            "company": orNull(CompanyIdentifiers.name(of: version.companyIdentifier)),
            "hciVersion": Self.specificationName(version.hciVersion),
            "lmpVersion": Self.specificationName(version.lmpVersion),
            "publicAddress": orNull(info.publicAddress == .zero ? nil : info.publicAddress.description),
            "leFeatures": featureNames, "aclBuffers": info.aclBufferCount, "aclBufferLength": info.aclBufferLength,
            "filterAcceptListSize": filterAcceptListSize, "resolvingListSize": orNull(resolvingListSize),
            "coreBluetoothFeatures": coreBluetoothFeatures.map { feature -> [String: Any] in
                ["name": feature.name, "works": feature.works, "lacking": orNull(feature.lacking)]
            },
        ]
    }

    /// A value for JSONSerialization: the value, or null.
    private func orNull(_ value: Any?) -> Any { value ?? NSNull() }

    private func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
