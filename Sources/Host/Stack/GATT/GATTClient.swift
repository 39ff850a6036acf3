import HCI
import Logging

/// The host's GATT client: on every link, the procedures it runs on the ATT bearer, the peer's database as far
/// as discovered, and the notifications and indications the peer sends; bonded peers' databases are kept
/// between runs.
///
/// Owned by its ``BluetoothHost``, which makes every call on it on its executor and installs the handlers
/// through which it reaches the bonds and the layer above.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.
final class GATTClient {
    /// Tells the layer above about notifications, indications and changed services.
    var emit: (HostEvent) -> Void = { _ in }
    /// The identity address of the bonded peer on a link, under which its database is stored; nil without a bond.
    var bondedPeer: (ConnectionHandle) -> BluetoothAddress? = { _ in nil }

    /// Where bonded peers' databases are kept between runs, when the host has a bond directory.
    let databaseStore: GATTCacheStore?
    var links: [ConnectionHandle: GATTClientLink] = [:]
    let logger: Logger

    /// Makes a GATT client keeping bonded peers' databases in `databaseStore`.
    init(databaseStore: GATTCacheStore?, logger: Logger) {
        self.databaseStore = databaseStore
        self.logger = logger
    }

    /// Starts the client on a new link's bearer: takes its notifications and indications.
    func linkUp(_ handle: ConnectionHandle, bearer: ATTBearer) {
        let link = GATTClientLink(bearer: bearer)
        links[handle] = link
        bearer.notificationHandler = { [emit] pdu in
            switch pdu {
            case .handleValueNotification(let notification):
                emit(.notification(handle, handle: notification.handle, value: notification.value))
            case .multipleHandleValueNotification(let multiple):
                for tuple in multiple.tuples {
                    emit(.notification(handle, handle: tuple.handle, value: tuple.value))
                }
            default:
                break
            }
        }
        bearer.indicationHandler = { [emit, weak link] indication in
            guard let link else { return true }
            if indication.handle == link.serviceChangedHandle, indication.value.count == 4 {
                let start = AttributeHandle(rawValue: UInt16(indication.value[0]) | UInt16(indication.value[1]) << 8)
                let end = AttributeHandle(rawValue: UInt16(indication.value[2]) | UInt16(indication.value[3]) << 8)
                if start <= end {
                    let invalidated = link.invalidate(range: start...end)
                    emit(.servicesChanged(handle, range: start...end, invalidated: invalidated))
                }
            }
            emit(.indication(handle, handle: indication.handle, value: indication.value))
            return true
        }
    }

    /// Forgets a link that went down.
    func linkDown(_ handle: ConnectionHandle) {
        links[handle] = nil
    }

    func link(_ handle: ConnectionHandle) throws(HostError) -> GATTClientLink {
        guard let link = links[handle] else { throw .notConnected(handle) }
        return link
    }

    /// Runs any GATT client procedure on a link's ATT bearer.
    func run<P: GATTClientProcedure>(
        _ procedure: P, on handle: ConnectionHandle, isolation: isolated (any Actor)? = #isolation
    ) async throws(HostError) -> P.Result {
        let link = try link(handle)
        do {
            return try await link.bearer.run(procedure, isolation: isolation)
        } catch {
            throw .gatt(handle, error)
        }
    }
}
