import CoreBluetooth
import Foundation
import HostTestSupport
import Testing

@Suite("A hostile peripheral's Exchange MTU Response against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileMTUTests {
    /// A Server Rx MTU out of the range ATT allows, and the ATT_MTU the link must end up with.
    enum ServerMTU: UInt16, CaseIterable, Sendable {
        /// Below the 23 every LE link has: the link keeps 23 (Vol 3, Part F, 3.4.2.2).
        case zero = 0
        case belowMinimum = 5
        /// Above the 517 ATT allows: ATT_MTU is the smaller of both sides' Rx MTU, never more than the central's.
        case maximum = 0xFFFF
    }

    @Test(
        "an out-of-range Server Rx MTU leaves ATT_MTU within 23 and the central's own, and long values still work",
        arguments: ServerMTU.allCases)
    func outOfRange(_ server: ServerMTU) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: false)
            let raw = server.rawValue
            rig.tampering.tamper { channel, payload in
                channel == 0x0004 && payload.first == 0x03 ? [0x03, UInt8(raw & 0xFF), UInt8(raw >> 8)] : nil
            }
            try await CentralFixture.connect(rig.peripheral, with: rig.central, rig.recorder, &rig.events)
            await rig.linkPrepared()
            rig.tampering.tamper(with: nil)
            let peripheral = rig.peripheral
            let length = rig.recorder.queue.sync { peripheral.maximumWriteValueLength(for: .withoutResponse) }
            // ATT_MTU never leaves 23...517, whatever the peer claims (and a write never exceeds 512 bytes).
            #expect(length == (server == .maximum ? 512 : 20))
            // A peer claiming more than it takes answers long reads in parts shorter than the claim, which end the
            // read early: nothing the central can tell from an honest short value, so only the low claims go on.
            guard server != .maximum else { return try await rig.finish() }
            try await rig.discoverAndReadLong()
            try await rig.finish()
        }
    }
}
