import Foundation
import Host
import HostTestSupport
import Testing

@testable import CoreBluetooth

@Suite("A hostile peripheral's ATT error codes against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileErrorCodeTests {
    /// An Error Response code in place of a Read Response, and the error the app hears.
    enum Code: UInt8, CaseIterable, Sendable {
        /// Reserved: it names no error, so it cannot be reported as `success`.
        case zero = 0x00
        /// Reserved for future use by the Core Specification.
        case reserved = 0x14
        /// An application error: iOS passes the number on in CBATTErrorDomain.
        case application = 0x80

        var reported: ErrorSummary {
            ErrorSummary(
                domain: CBATTErrorDomain,
                code: self == .zero ? CBATTError.Code.unlikelyError.rawValue : Int(rawValue))
        }
    }

    @Test(
        "an Error Response code without a CBATTError case is reported as what it is, never as success",
        arguments: Code.allCases)
    func undefinedCode(_ code: Code) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let service = try await rig.discover()
            let long = try rig.characteristic(VanishRig.long, in: service)
            let raw = code.rawValue
            rig.tampering.tamper { channel, payload in
                channel == 0x0004 && payload.first == 0x0B ? [0x01, 0x0A, 0x00, 0x00, raw] : nil
            }
            let peripheral = rig.peripheral
            rig.onQueue { peripheral.readValue(for: long) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueUpdated(_, _, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == code.reported)
            rig.tampering.tamper(with: nil)
            #expect(rig.onQueueState() == .connected)
            try await rig.finish()
        }
    }

    @Test("the unlikely error that stands for code 0x00 says what the peripheral sent")
    func zeroCodeReason() throws {
        let error = try #require(CBATTError.reported(for: ATTErrorCode(rawValue: 0)) as? CBATTError)
        #expect(error.code == .unlikelyError)
        #expect(error.localizedDescription == "Unlikely error.")
        let reason = (error as NSError).localizedFailureReason
        #expect(reason?.contains("code 0x00") == true)
    }
}
