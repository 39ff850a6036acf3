import CDBus
import Synchronization
import Testing

@testable import BlueZ

@Suite("The pairing agent bluetoothd calls (org.bluez.Agent1)", .timeLimit(.minutes(1)))
struct BlueZAgentTests {
    static let agent = "/org/corebluetooth/agent1"
    static let device = "/org/bluez/hci0/dev_C0_11_22_33_44_5A"

    static func call(_ member: String, _ arguments: [DBusValue], at path: String = agent) -> BlueZCallOutcome {
        var exports = BlueZExports()
        exports.agentPath = agent
        return exports.answer(
            BlueZMethodCall(path: path, interface: "org.bluez.Agent1", member: member, arguments: arguments))
    }

    @Test("each question bluetoothd asks is read with its device, passkey and key count")
    func questions() {
        let device = DBusValue.objectPath(Self.device)
        #expect(
            Self.call("RequestConfirmation", [device, .uint32(123_456)])
                == .agent(.confirm(device: Self.device, passkey: 123_456), answered: false))
        #expect(Self.call("RequestPasskey", [device]) == .agent(.passkey(device: Self.device), answered: false))
        #expect(
            Self.call("DisplayPasskey", [device, .uint32(9), .uint16(2)])
                == .agent(.displayPasskey(device: Self.device, passkey: 9, entered: 2), answered: true))
        #expect(Self.call("RequestAuthorization", [device]) == .agent(.authorize(device: Self.device), answered: false))
        #expect(
            Self.call("AuthorizeService", [device, .string("0000180f-0000-1000-8000-00805f9b34fb")])
                == .agent(
                    .authorizeService(device: Self.device, uuid: "0000180f-0000-1000-8000-00805f9b34fb"),
                    answered: false))
    }

    @Test("Cancel and Release end the questions pending; PIN codes are refused; malformed calls fail")
    func otherCalls() {
        #expect(Self.call("Cancel", []) == .agentEnded)
        #expect(Self.call("Release", []) == .agentEnded)
        #expect(Self.call("RequestPinCode", [.objectPath(Self.device)]) == .failure(BlueZAgentQuestion.rejected))
        #expect(
            Self.call("DisplayPinCode", [.objectPath(Self.device), .string("0000")])
                == .failure(BlueZAgentQuestion.rejected))
        guard case .failure(let wrongType) = Self.call("RequestConfirmation", [.objectPath(Self.device), .string("1")])
        else {
            Issue.record("a passkey that is not a number was taken")
            return
        }
        #expect(wrongType.name == "org.freedesktop.DBus.Error.InvalidArgs")
        guard case .failure(let noDevice) = Self.call("RequestPasskey", [.string(Self.device)]) else {
            Issue.record("a device that is not an object path was taken")
            return
        }
        #expect(noDevice.name == "org.freedesktop.DBus.Error.InvalidArgs")
    }

    @Test("Agent1 calls to another path, or with no agent exported, are unknown methods")
    func notTheAgent() {
        guard case .failure(let error) = Self.call("RequestPasskey", [.objectPath(Self.device)], at: "/elsewhere")
        else {
            Issue.record("a call to another path reached the agent")
            return
        }
        #expect(error.name == "org.freedesktop.DBus.Error.UnknownMethod")
        let outcome = BlueZExports().answer(
            BlueZMethodCall(
                path: Self.agent, interface: "org.bluez.Agent1", member: "RequestPasskey",
                arguments: [.objectPath(Self.device)]))
        #expect(
            outcome
                == .failure(
                    BlueZError(
                        name: "org.freedesktop.DBus.Error.UnknownMethod",
                        message: "no org.bluez.Agent1.RequestPasskey at \(Self.agent)")))
    }

    @Test("answers become BlueZ's replies: nothing for yes, a uint32 passkey, Rejected, Canceled")
    func answers() {
        #expect(BlueZAgentAnswer.accepted.reply == .success([]))
        #expect(BlueZAgentAnswer.passkey(12).reply == .success([.uint32(12)]))
        #expect(
            BlueZAgentAnswer.rejected.reply
                == .failure(BlueZError(name: "org.bluez.Error.Rejected", message: "Rejected")))
        #expect(
            BlueZAgentAnswer.canceled.reply
                == .failure(BlueZError(name: "org.bluez.Error.Canceled", message: "Canceled")))
    }

    /// The replies a responder sent.
    final class Sent: Sendable {
        let replies = Mutex<[Result<[DBusValue], BlueZError>]>([])
        var count: Int { replies.withLock { $0.count } }
    }

    /// A request whose replies are recorded.
    static func request(_ pending: BlueZAgentPending) -> (BlueZAgentRequest, Sent) {
        let sent = Sent()
        let responder = BlueZResponder { result in sent.replies.withLock { $0.append(result) } }
        return (BlueZAgentRequest(question: .passkey(device: device), responder: responder, pending: pending), sent)
    }

    @Test("a question is answered once, whoever answers again, from whatever thread")
    func answeredOnce() async {
        let pending = BlueZAgentPending()
        let (request, sent) = Self.request(pending)
        #expect(pending.count == 1)
        await withTaskGroup(of: Void.self) { group in
            for passkey in UInt32(0)..<8 { group.addTask { request.answer(.passkey(passkey)) } }
        }
        #expect(sent.count == 1)
        #expect(pending.count == 0)
    }

    @Test("a question bluetoothd cancelled gets no reply, even when the app answers later")
    func cancelledQuestion() {
        let pending = BlueZAgentPending()
        let (first, firstSent) = Self.request(pending)
        let (second, secondSent) = Self.request(pending)
        #expect(pending.count == 2)
        pending.cancelAll()
        #expect(pending.count == 0)
        first.answer(.passkey(1))
        second.answer(.rejected)
        #expect(firstSent.count == 0)
        #expect(secondSent.count == 0)
    }

    @Test("a question in a libdbus message as bluetoothd sends it is read; a passkey reply is a uint32 to libdbus")
    func throughLibdbus() throws {
        let api = try #require(cdbus_api()?.pointee, "libdbus-1.so.3 is not on this machine")
        let message = try #require(
            DBusMessage.methodCall(
                api: api, destination: ":1.1", path: Self.agent, interface: "org.bluez.Agent1",
                member: "RequestConfirmation", arguments: [.objectPath(Self.device), .uint32(654_321)]))
        let call = BlueZMethodCall(
            path: message.path ?? "", interface: message.interface ?? "", member: message.member ?? "",
            arguments: message.arguments)
        #expect(
            Self.call(call.member, call.arguments)
                == .agent(.confirm(device: Self.device, passkey: 654_321), answered: false))
        guard case .success(let arguments) = BlueZAgentAnswer.passkey(654_321).reply else {
            Issue.record("no reply arguments")
            return
        }
        let reply = try #require(
            DBusMessage.signal(
                api: api, path: Self.agent, interface: "org.bluez.Agent1", member: "Reply", arguments: arguments))
        #expect(reply.arguments == [.uint32(654_321)])
    }
}
