import HCI

/// Which commands may go to the controller now, by the Num_HCI_Command_Packets credit, and which
/// waiting command an answer belongs to; pure, so the driver alone does I/O.
///
/// Bluetooth Core Specification Vol 4, Part E, 4.4 (command flow control).
struct CommandQueue {
    /// A command known to the queue, named by the driver's identifier.
    struct Entry: Equatable {
        var id: UInt64
        var packet: HCICommandPacket
    }

    /// Commands the controller may still accept.
    private(set) var credits = 1
    /// Commands waiting for a credit, oldest first.
    private(set) var waiting: [Entry] = []
    /// Commands sent and not yet answered, oldest first.
    private(set) var outstanding: [Entry] = []
    /// The most commands that may wait for a credit.
    let capacity: Int

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// Queues a command; returns the commands to send now. Throws when the queue is full.
    mutating func submit(_ entry: Entry) throws(HCIError) -> [Entry] {
        guard waiting.count < capacity else { throw .queueFull }
        waiting.append(entry)
        return drain()
    }

    /// Takes an answer (Command Complete or Command Status) and its credit; returns the identifier
    /// of the command it answers, if any was waiting for it, and the commands to send now.
    mutating func answered(opcode: HCIOpcode, credits newCredits: UInt8) -> (answered: UInt64?, send: [Entry]) {
        credits = Int(newCredits)
        var answeredID: UInt64?
        if opcode != .noOperation, let index = outstanding.firstIndex(where: { $0.packet.opcode == opcode }) {
            answeredID = outstanding.remove(at: index).id
        } else if opcode == ResetCommand.opcode {
            return (nil, resendAfterSpontaneousReset())
        }
        return (answeredID, drain())
    }

    /// Gives up on a command: it leaves the queue and a credit is assumed back, whether it was sent (a controller
    /// that never answers never returns its credit) or still waiting for one (a controller that granted none and
    /// never grants another would otherwise stop every later command; Linux's command timeout does the same).
    /// Returns the commands to send now.
    mutating func abandon(id: UInt64) -> [Entry] {
        waiting.removeAll { $0.id == id }
        outstanding.removeAll { $0.id == id }
        credits = max(credits, 1)
        return drain()
    }

    /// A Reset Complete nobody asked for: some CSR controllers reset themselves during start-up and forget the
    /// command in flight, so the commands still outstanding go out again (as many as the event granted credits
    /// for), then the waiting ones. An answer to the first sending that arrives after all is matched to the second,
    /// and the one after it to nothing.
    private mutating func resendAfterSpontaneousReset() -> [Entry] {
        let again = Array(outstanding.prefix(credits))
        credits -= again.count
        return again + drain()
    }

    /// Removes every command, for when the transport is gone; returns their identifiers.
    mutating func removeAll() -> [UInt64] {
        defer {
            waiting = []
            outstanding = []
        }
        return (outstanding + waiting).map(\.id)
    }

    private mutating func drain() -> [Entry] {
        var send: [Entry] = []
        while credits > 0, !waiting.isEmpty {
            let entry = waiting.removeFirst()
            credits -= 1
            outstanding.append(entry)
            send.append(entry)
        }
        return send
    }
}
