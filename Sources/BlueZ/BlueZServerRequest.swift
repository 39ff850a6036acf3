import Synchronization

/// What bluetoothd asked of the objects this process exports: a central's read or write of a published
/// characteristic, a change of its subscriptions, an indication's confirmation, or an object it let go of.
public enum BlueZServerCall: Equatable, Sendable {
    /// `ReadValue` of a characteristic: the value from `offset` on, for the central at `device`.
    case read(characteristic: String, offset: Int, device: String, mtu: Int?)
    /// `WriteValue` of a characteristic: `value` at `offset`; `withResponse` false for a Write Command.
    case write(characteristic: String, value: [UInt8], offset: Int, withResponse: Bool, device: String, mtu: Int?)
    /// `StartNotify`: a central enabled notifications or indications (bluetoothd calls it for each one that does).
    case startNotify(characteristic: String)
    /// `StopNotify`: the last subscribed central disabled them (bluetoothd calls it only then).
    case stopNotify(characteristic: String)
    /// `Confirm`: a central confirmed an indication of the characteristic.
    case confirm(characteristic: String)
    /// `Release`: bluetoothd dropped the advertisement or application at `path`.
    case release(path: String)
}

/// One call from bluetoothd handed to the peripheral side, to be answered once: reads with the value, writes
/// with success or an error. Other calls come already answered.
public struct BlueZServerRequest: Sendable {
    /// What bluetoothd asked.
    public let call: BlueZServerCall
    private let responder: BlueZResponder?

    init(call: BlueZServerCall, responder: BlueZResponder?) {
        self.call = call
        self.responder = responder
    }

    /// Answers with success: a read with `value`, anything else with no arguments.
    public func succeed(_ value: [UInt8] = []) {
        if case .read = call {
            responder?.reply([.bytes(value)])
        } else {
            responder?.reply([])
        }
    }

    /// Answers with an error; bluetoothd turns its name into the ATT error the central gets.
    public func fail(_ error: BlueZError) {
        responder?.fail(error)
    }
}

/// The reply owed to one method call; only the first answer is sent, and none once it is withdrawn.
final class BlueZResponder: Sendable {
    private let deliver: @Sendable (Result<[DBusValue], BlueZError>) -> Void
    private let answered = Atomic<Bool>(false)

    /// A responder that hands its one answer to `deliver`.
    init(deliver: @escaping @Sendable (Result<[DBusValue], BlueZError>) -> Void) {
        self.deliver = deliver
    }

    /// A responder that sends its answer to `message` on `connection`; none when the sender asked for no reply.
    convenience init(message: DBusMessage, connection: DBusConnection) {
        let silent = message.expectsNoReply
        self.init { result in
            guard !silent else { return }
            let reply =
                switch result {
                case .success(let arguments): message.methodReturn(arguments)
                case .failure(let error): message.errorReply(name: error.name, text: error.message)
                }
            if let reply { connection.send(reply) }
        }
    }

    func reply(_ arguments: [DBusValue]) {
        send(.success(arguments))
    }

    func fail(_ error: BlueZError) {
        send(.failure(error))
    }

    /// Sends `result` if nothing was sent or withdrawn before.
    func send(_ result: Result<[DBusValue], BlueZError>) {
        guard !answered.exchange(true, ordering: .sequentiallyConsistent) else { return }
        deliver(result)
    }

    /// Gives up the reply: nothing is sent, now or later.
    func withdraw() {
        answered.store(true, ordering: .sequentiallyConsistent)
    }
}
