import CDBus
import Glibc
import Testing

@testable import BlueZ

@Suite("D-Bus values", .timeLimit(.minutes(1)))
struct DBusValueTests {
    @Test("containers carry their signatures, empty ones too")
    func signatures() {
        #expect(DBusValue.bytes([]).signature == "ay")
        #expect(DBusValue.options([:]).signature == "a{sv}")
        #expect(DBusValue.structure([.string("a"), .uint16(1)]).signature == "(sq)")
        #expect(DBusValue.array(element: "o", []).signature == "ao")
    }

    @Test("accessors see through variants and widths")
    func accessors() {
        #expect(DBusValue.variant(.int16(-60)).integer == -60)
        #expect(DBusValue.variant(.variant(.boolean(true))).bool == true)
        #expect(DBusValue.variant(.objectPath("/org/bluez")).text == "/org/bluez")
        #expect(DBusValue.bytes([1, 2]).byteArray == [1, 2])
        #expect(DBusValue.string("x").byteArray == nil)
        #expect(DBusValue.options(["Name": .string("n")]).stringKeyed == ["Name": .string("n")])
        #expect(DBusValue.array(element: "", []).entries == [])
    }

    @Test("every kind of value survives a libdbus message and back")
    func roundTrip() throws {
        let api = try #require(cdbus_api()?.pointee, "libdbus-1.so.3 is not on this machine")
        let arguments: [DBusValue] = [
            .byte(7), .boolean(true), .int16(-2), .uint16(65_000), .int32(-70_000), .uint32(4_000_000_000),
            .int64(-5), .uint64(1 << 40), .double(1.5), .string("héllo"), .objectPath("/org/bluez/hci0"),
            .signature("a{sv}"), .bytes([0, 255]), .array(element: "s", [.string("a"), .string("b")]),
            .options(["Transport": .string("le"), "RSSI": .int16(-70)]), .structure([.uint32(1), .string("s")]),
            .variant(.bytes([1])),
            .dictionary(
                key: "q", value: "v", [DBusDictionaryEntry(key: .uint16(0x004C), value: .variant(.bytes([9])))]),
        ]
        let message = try #require(
            DBusMessage.methodCall(
                api: api, destination: "org.bluez", path: "/", interface: "org.bluez.Test",
                member: "Echo", arguments: arguments))
        #expect(message.arguments == arguments)
        #expect(message.member == "Echo")
        #expect(message.path == "/")
    }

    @Test("an ATT error code is read from BlueZ's message")
    func attErrorCode() {
        #expect(
            BlueZError(name: "org.bluez.Error.Failed", message: "Operation failed with ATT error: 0x0e").attErrorCode
                == 0x0E)
        #expect(BlueZError(name: "org.bluez.Error.Failed", message: "Not connected").attErrorCode == nil)
    }
}

@Suite("D-Bus file descriptors", .timeLimit(.minutes(1)))
struct DBusFileDescriptorTests {
    @Test("a file descriptor survives a libdbus message: each reader owns a duplicate of the same socket")
    func unixFD() throws {
        let api = try #require(cdbus_api()?.pointee, "libdbus-1.so.3 is not on this machine")
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[1]) }
        var sent: BlueZFileDescriptor? = BlueZFileDescriptor(adopting: pair[0])
        var message = DBusMessage.methodCall(
            api: api, destination: "org.bluez", path: "/", interface: "org.bluez.Test", member: "Echo",
            arguments: [.unixFD(try #require(sent)), .uint16(517)])
        #expect(message?.arguments.map(\.signature) == ["h", "q"])
        guard case .unixFD(let received) = try #require(message?.arguments.first) else {
            Issue.record("no file descriptor read back")
            return
        }
        #expect(received != sent)
        sent = nil
        message = nil
        let descriptor = try #require(received.take())
        #expect(received.take() == nil)
        #expect(send(descriptor, [7], 1, Int32(MSG_NOSIGNAL)) == 1)
        var byte: UInt8 = 0
        #expect(recv(pair[1], &byte, 1, 0) == 1 && byte == 7)
        close(descriptor)
        var poller = pollfd(fd: pair[1], events: 0, revents: 0)
        #expect(poll(&poller, 1, 10_000) == 1 && poller.revents & Int16(POLLHUP) != 0)
    }
}
