import HCI
import Host

/// A manager's open L2CAP channels by link and channel identifier, fed from the host's events on the manager's
/// queue.
///
/// Data or a close can reach the manager before the host's answer to our own channel request does; they wait
/// here until the channel is adopted. What waits is bounded: the peer holds no more credits than that.
struct L2CAPChannelTable {
    /// Names one channel of one link.
    struct Key: Hashable {
        let connection: ConnectionHandle
        let cid: L2CAPChannelID
    }

    private enum Early {
        case data([UInt8])
        case closed(CreditBasedChannelCloseReason)
    }

    private var cores: [Key: L2CAPChannelCore] = [:]
    private var early: [Key: [Early]] = [:]

    /// The host the channels run on, for a manager that holds none otherwise.
    var host: BluetoothHost?

    /// Starts feeding a channel that just opened, handing it whatever arrived for it before.
    mutating func adopt(_ core: L2CAPChannelCore) {
        let key = Key(connection: core.info.connection, cid: core.info.localCID)
        cores[key] = core
        for event in early.removeValue(forKey: key) ?? [] {
            switch event {
            case .data(let sdu): received(sdu, on: key.cid, of: key.connection)
            case .closed(let reason): closed(key.cid, of: key.connection, reason: reason)
            }
        }
    }

    /// Hands an SDU to its channel.
    mutating func received(_ sdu: [UInt8], on cid: L2CAPChannelID, of connection: ConnectionHandle) {
        let key = Key(connection: connection, cid: cid)
        guard let core = cores[key] else {
            early[key, default: []].append(.data(sdu))
            return
        }
        core.received(sdu)
    }

    /// Ends a channel that closed.
    mutating func closed(_ cid: L2CAPChannelID, of connection: ConnectionHandle, reason: CreditBasedChannelCloseReason)
    {
        let key = Key(connection: connection, cid: cid)
        guard let core = cores.removeValue(forKey: key) else {
            early[key, default: []].append(.closed(reason))
            return
        }
        core.ended(failure: reason.reported)
    }

    /// Ends every channel of a link that went down, and forgets what waited for channels not yet adopted.
    mutating func linkDown(_ connection: ConnectionHandle) {
        for key in cores.keys where key.connection == connection {
            cores.removeValue(forKey: key)?.ended(failure: CBError(reporting: .peripheralDisconnected))
        }
        early = early.filter { $0.key.connection != connection }
    }

    /// Ends every channel, as when the host stops.
    mutating func endAll() {
        for core in cores.values { core.ended(failure: CBError(reporting: .peripheralDisconnected)) }
        cores = [:]
        early = [:]
    }
}

extension CreditBasedChannelCloseReason {
    /// The error a channel's streams report for this end; nil for an orderly close by either side.
    var reported: CBError? {
        switch self {
        case .localRequest, .peerRequest: nil
        case .linkDisconnected: CBError(reporting: .peripheralDisconnected)
        case .responseTimeout: CBError(reporting: .connectionTimeout)
        case .refused(let result):
            CBError(reporting: .connectionFailed, reason: "The peer refused the channel: \(result).")
        case .rejected, .protocolViolation: CBError(reporting: .connectionFailed)
        }
    }
}
