import HCI
import Testing

@Suite("Link table: values per link in handle order", .timeLimit(.minutes(1)))
struct LinkTableTests {
    @Test("links come out in handle order whatever order they got their values in, and forgotten links are gone")
    func handleOrder() {
        var table = LinkTable<String>()
        for raw: UInt16 in [0x0042, 0x0001, 0x0EFF, 0x0010] {
            table[ConnectionHandle(rawValue: raw)] = "link \(raw)"
        }
        table[ConnectionHandle(rawValue: 0x0010)] = nil
        table[ConnectionHandle(rawValue: 0x0001)] = "changed"
        #expect(table.keys.map(\.rawValue) == [0x0001, 0x0042, 0x0EFF])
        #expect(table.elements.map(\.value) == ["changed", "link 66", "link 3839"])
        #expect(table[ConnectionHandle(rawValue: 0x0010)] == nil)
    }
}
