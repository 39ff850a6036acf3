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

/// The reply owed to one method call; only the first answer is sent.
final class BlueZResponder: Sendable {
    private let message: DBusMessage
    private let connection: DBusConnection
    private let answered = Atomic<Bool>(false)

    init(message: DBusMessage, connection: DBusConnection) {
        self.message = message
        self.connection = connection
    }

    func reply(_ arguments: [DBusValue]) {
        guard !answered.exchange(true, ordering: .sequentiallyConsistent),
            let reply = message.methodReturn(arguments)
        else { return }
        connection.send(reply)
    }

    func fail(_ error: BlueZError) {
        guard !answered.exchange(true, ordering: .sequentiallyConsistent),
            let reply = message.errorReply(name: error.name, text: error.message)
        else { return }
        connection.send(reply)
    }
}
