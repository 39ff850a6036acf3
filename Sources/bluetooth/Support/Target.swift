import CoreBluetooth
import Foundation

/// What a command connects to: a local name, an address (`AA:BB:CC:DD:EE:FF`) or a peripheral identifier (UUID).
enum Target: Equatable, Sendable, CustomStringConvertible {
    case name(String)
    case address(String)
    case identifier(UUID)

    /// Reads TARGET as an identifier, else an address, else a name.
    init(_ text: String) {
        if let identifier = UUID(uuidString: text) {
            self = .identifier(identifier)
        } else if Self.isAddress(text) {
            self = .address(text.uppercased())
        } else {
            self = .name(text)
        }
    }

    var description: String {
        switch self {
        case .name(let name): "'\(name)'"
        case .address(let address): address
        case .identifier(let identifier): identifier.uuidString
        }
    }

    /// How a discovered peripheral fits a target.
    enum Fit: Comparable {
        /// Its name differs from the target's only in case.
        case caseInsensitive
        /// Its name, address or identifier is the target's.
        case exact
    }

    /// Whether and how a discovered peripheral is this target: names match regardless of case, an exact name
    /// better; identifiers end with the peer's address (see `PeripheralIdentifier` in CoreBluetooth).
    func fit(_ identifier: UUID, _ advertisement: CentralEvent.Advertisement, name: String?) -> Fit? {
        switch self {
        case .name(let wanted):
            let names = [advertisement.localName, name].compactMap { $0 }
            if names.contains(wanted) { return .exact }
            return names.contains { $0.caseInsensitiveCompare(wanted) == .orderedSame } ? .caseInsensitive : nil
        case .address(let address): return Self.address(of: identifier) == address ? .exact : nil
        case .identifier(let wanted): return identifier == wanted ? .exact : nil
        }
    }

    /// The address a peripheral identifier names, `AA:BB:CC:DD:EE:FF`, or nil for an identifier of another kind.
    static func address(of identifier: UUID) -> String? {
        let text = identifier.uuidString
        guard text.hasPrefix("424C4500-00"), text.dropFirst(13).hasPrefix("-8000-8000-") else { return nil }
        let digits = Array(text.suffix(12))
        return stride(from: 0, to: 12, by: 2).map { String(digits[$0..<$0 + 2]) }.joined(separator: ":")
    }

    private static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && UInt8($0, radix: 16) != nil }
    }
}
