import CDBus
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
