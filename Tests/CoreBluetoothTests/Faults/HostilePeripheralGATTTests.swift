import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

@Suite("A hostile peripheral's GATT responses against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostilePeripheralGATTTests {
    @Test(
        "the pending call fails with a clean error, the central stays connected and the next discovery and read work",
        arguments: HostileResponse.allCases)
    func hostileResponse(_ response: HostileResponse) async throws {
        try await RigSlots.withSlot {
            // The answers of the wrong kind leave the request to time out: only they need the short timer.
            var rig = try await VanishRig.start(
                connect: true, timeout: response.dropsLink ? VanishRig.silentTimeout : nil)
            let peripheral = rig.peripheral
            var service: CBService?
            switch response.operation {
            case .read, .writeLong, .discoverDescriptors: service = try await rig.discover()
            case .discoverCharacteristics: service = try await discoverServices(&rig)
            case .discoverServices: break
            }
            let long =
                try response.operation == .discoverCharacteristics
                ? nil : service.map { try rig.characteristic(VanishRig.long, in: $0) }
            let opcode = response.replacedOpcode
            rig.tampering.tamper { channel, payload in
                channel == 0x0004 && payload.first == opcode ? response.answer(replacing: payload) : nil
            }
            let error: ErrorSummary?
            switch response.operation {
            case .read:
                let long = try #require(long)
                rig.onQueue { peripheral.readValue(for: long) }
                let (value, failure) = try await rig.events.next { event -> (Data?, ErrorSummary?)? in
                    guard case .valueUpdated(_, let value, let error) = event else { return nil }
                    return (value, error)
                }
                error = failure
                if response.reportedError == nil { #expect(value == response.valueRead) }
            case .writeLong:
                let writable = try rig.characteristic(VanishRig.writable, in: try #require(service))
                rig.onQueue { peripheral.writeValue(Data(VanishRig.longValue), for: writable, type: .withResponse) }
                error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .valueWritten(_, let error) = event else { return nil }
                    return .some(error)
                }
                let kept = await rig.device.value(of: VanishRig.writable)
                #expect(kept == (response.serverAppliesWrite ? VanishRig.longValue : nil))
            case .discoverServices:
                rig.onQueue { peripheral.discoverServices(nil) }
                error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .servicesDiscovered(let error) = event else { return nil }
                    return .some(error)
                }
            case .discoverCharacteristics:
                let service = try #require(service)
                rig.onQueue { peripheral.discoverCharacteristics(nil, for: service) }
                error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .characteristicsDiscovered(_, let error) = event else { return nil }
                    return .some(error)
                }
            case .discoverDescriptors:
                let long = try #require(long)
                rig.onQueue { peripheral.discoverDescriptors(for: long) }
                error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .descriptorsDiscovered(_, let error) = event else { return nil }
                    return .some(error)
                }
            }
            #expect(error == response.reportedError)
            rig.tampering.tamper(with: nil)
            if response.dropsLink {
                try await rig.events.next { event -> Void? in
                    if case .disconnected = event { return () }
                    return nil
                }
                try await rig.reconnectAndRead()
            } else {
                #expect(rig.onQueueState() == .connected)
                let fresh = try await rig.discover()
                let value = try rig.characteristic(VanishRig.long, in: fresh)
                rig.onQueue { peripheral.readValue(for: value) }
                let read = try await rig.events.next { event -> Data?? in
                    guard case .valueUpdated(_, let value, let error) = event else { return nil }
                    #expect(error == nil)
                    return .some(value)
                }
                #expect(read == Data(VanishRig.longValue))
            }
            if response.operation == .writeLong { try await writeWhole(&rig) }
            try await rig.finish()
        }
    }

    /// Writes a long value, different from any written before, and checks the server holds it whole.
    private func writeWhole(_ rig: inout VanishRig) async throws {
        let service = try await rig.discover()
        let writable = try rig.characteristic(VanishRig.writable, in: service)
        let value = Data((0..<40).map { UInt8($0) })
        let peripheral = rig.peripheral
        rig.onQueue { peripheral.writeValue(value, for: writable, type: .withResponse) }
        let error = try await rig.events.next { event -> ErrorSummary?? in
            guard case .valueWritten(_, let error) = event else { return nil }
            return .some(error)
        }
        #expect(error == nil)
        #expect(await rig.device.value(of: VanishRig.writable) == [UInt8](value))
    }

    /// Discovers the services only, returning the rig's primary service.
    private func discoverServices(_ rig: inout VanishRig) async throws -> CBService {
        let peripheral = rig.peripheral
        rig.onQueue { peripheral.discoverServices(nil) }
        try await rig.events.next { event -> Void? in
            if case .servicesDiscovered(nil) = event { return () }
            return nil
        }
        let uuid = rig.serviceUUID
        return try #require(rig.recorder.queue.sync { peripheral.services?.first { $0.uuid == uuid } })
    }
}
