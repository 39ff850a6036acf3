import HCI
import Testing

@testable import VirtualRadio

@Suite("A host ACL packet cut into link-layer fragments", .timeLimit(.minutes(1)))
struct LinkFragmentsTests {
    static let sent = ConnectionHandle(rawValue: 0x0001)
    static let received = ConnectionHandle(rawValue: 0x0040)

    static func cut(_ length: Int, size: Int, boundary: ACLDataPacket.BoundaryFlag) -> LinkFragments {
        let data = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        return LinkFragments(
            packet: ACLDataPacket(handle: sent, boundary: boundary, data: data), size: size, handle: received)
    }

    @Test("519 octets at 251 per fragment: 251, 251 and 17, in order; only the first starts the PDU")
    func cutsInOrder() {
        let fragments = Self.cut(519, size: 251, boundary: .firstNonFlushable)
        let cut = Array(fragments)
        #expect(fragments.count == 3 && cut.count == 3)
        #expect(cut.map(\.data.count) == [251, 251, 17])
        #expect(cut.map(\.boundary) == [.firstFlushable, .continuing, .continuing])
        #expect(cut.allSatisfy { $0.handle == Self.received })
        #expect(cut.flatMap(\.data) == (0..<519).map { UInt8(truncatingIfNeeded: $0) })
    }

    @Test("A packet that fits, an exact multiple, an empty one and a continuing one")
    func edges() {
        let fits = Array(Self.cut(27, size: 27, boundary: .firstFlushable))
        #expect(fits.map(\.data.count) == [27] && fits[0].boundary == .firstFlushable)
        let twice = Self.cut(54, size: 27, boundary: .firstFlushable)
        #expect(twice.count == 2 && Array(twice).map(\.data.count) == [27, 27])
        let empty = Self.cut(0, size: 27, boundary: .firstFlushable)
        #expect(empty.count == 1 && Array(empty).map(\.data.count) == [0])
        let continuing = Array(Self.cut(30, size: 27, boundary: .continuing))
        #expect(continuing.map(\.boundary) == [.continuing, .continuing])
    }
}
