import Foundation
import Testing

@testable import CoreBluetooth

@Suite("A central manager's saved state, read from an untrusted file", .timeLimit(.minutes(1)))
struct CentralRestorationStateTests {
    private static func decode(scanServices: String, solicited: String) throws -> CentralRestorationState {
        let json = """
            {"scanServices": \(scanServices), "allowsDuplicates": false, "solicitedServices": \(solicited),
             "peripherals": ["00000000-0000-0000-0000-C012345678AB"]}
            """
        return try JSONDecoder().decode(CentralRestorationState.self, from: Data(json.utf8))
    }

    @Test("a state whose UUIDs parse is read as saved")
    func wellFormedState() throws {
        let state = try Self.decode(scanServices: #"["180D", "180F"]"#, solicited: #"["1809"]"#)
        #expect(state.scanServices == ["180D", "180F"])
        #expect(state.solicitedServices == ["1809"])
        #expect(state.peripherals.count == 1)
    }

    @Test("a malformed scan or solicited service UUID makes the file damaged instead of stopping the program")
    func malformedUUIDIsRefused() {
        #expect(throws: DecodingError.self) { try Self.decode(scanServices: #"["zz"]"#, solicited: "[]") }
        #expect(throws: DecodingError.self) { try Self.decode(scanServices: "null", solicited: #"["18"]"#) }
    }
}
