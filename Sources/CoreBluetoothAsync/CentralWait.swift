import Foundation

/// What a caller of ``AsyncCentral`` waits for.
enum CentralWait: Hashable, Sendable {
    /// The manager to be powered on.
    case poweredOn
    /// The peripheral with this identifier to connect.
    case connection(UUID)
    /// The peripheral with this identifier to disconnect.
    case disconnection(UUID)
}
