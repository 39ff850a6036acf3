import CoreBluetooth
import Foundation
import HostTestSupport
import Synchronization
import Testing

@Suite("A hostile peripheral's prepared-write echoes against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileWriteTests {
    @Test(
        "a Prepare Write Response that does not echo the segment fails the long write, the server keeps nothing, and the next write is applied whole"
    )
    func echoMismatch() async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let writable = try rig.characteristic(VanishRig.writable, in: service)
            let tampered = Mutex(false)
            rig.tampering.tamper { channel, payload in
                guard channel == 0x0004, payload.first == 0x17, payload.count > 5 else { return nil }
                return tampered.withLock { tampered in
                    guard !tampered else { return nil }
                    tampered = true
                    return payload.dropLast() + [payload[payload.count - 1] ^ 0xFF]
                }
            }
            let value = Data((0..<40).map { UInt8($0) })
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.writeValue(value, for: writable, type: .withResponse) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueWritten(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == ErrorSummary(domain: CBErrorDomain, code: CBError.Code.unknown.rawValue))
            #expect(await rig.device.value(of: VanishRig.writable) == nil)
            rig.tampering.tamper(with: nil)
            rig.onQueue { peripheral.writeValue(value, for: writable, type: .withResponse) }
            let second = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueWritten(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(second == nil)
            #expect(await rig.device.value(of: VanishRig.writable) == [UInt8](value))
            try await rig.finish()
        }
    }
}
