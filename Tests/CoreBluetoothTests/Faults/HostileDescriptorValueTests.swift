import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral's descriptor values against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileDescriptorValueTests {
    /// A descriptor value of a shape its UUID does not allow, read in place of the honest one.
    enum OddValue: String, CaseIterable, Sendable {
        case oneByteConfiguration = "a Client Characteristic Configuration of 1 byte"
        case fiveByteConfiguration = "a Client Characteristic Configuration of 5 bytes"
        case invalidUTF8Description = "a User Description that is not UTF-8"

        var bytes: [UInt8] {
            switch self {
            case .oneByteConfiguration: [0x01]
            case .fiveByteConfiguration: [0x01, 0x00, 0x00, 0x00, 0x02]
            case .invalidUTF8Description: [0xFF, 0xFE, 0x41, 0x1B]
            }
        }

        var characteristic: BluetoothUUID {
            self == .invalidUTF8Description ? VanishRig.long : VanishRig.indicating
        }

        var descriptor: CBUUID {
            CBUUID(string: self == .invalidUTF8Description ? "2901" : "2902")
        }
    }

    @Test(
        "the descriptor keeps the bytes as received beside the value typed by its UUID",
        arguments: OddValue.allCases)
    func oddValue(_ odd: OddValue) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let characteristic = try rig.characteristic(odd.characteristic, in: service)
            let descriptor = try #require(
                rig.recorder.queue.sync { characteristic.descriptors?.first { $0.uuid == odd.descriptor } })
            let bytes = odd.bytes
            rig.tampering.tamper { channel, payload in
                channel == 0x0004 && payload.first == 0x0B ? [0x0B] + bytes : nil
            }
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.readValue(for: descriptor) }
            try await rig.events.next { event -> Void? in
                guard case .descriptorUpdated(_, _, let error) = event else { return nil }
                #expect(error == nil)
                return ()
            }
            rig.tampering.tamper(with: nil)
            let (received, value) = rig.recorder.queue.sync { (descriptor.receivedBytes, descriptor.value) }
            #expect(received == bytes)
            switch odd {
            case .oneByteConfiguration, .fiveByteConfiguration: #expect((value as? NSNumber)?.intValue == 1)
            case .invalidUTF8Description: #expect(value as? String == String(decoding: bytes, as: UTF8.self))
            }
            try await rig.finish()
        }
    }
}
