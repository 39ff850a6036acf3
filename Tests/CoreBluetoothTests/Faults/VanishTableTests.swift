import CoreBluetooth
import Foundation
import Host
import HostTestSupport
import Testing

/// The error Apple reports for every call pending when the peer drops the link.
private let peripheralDisconnected = ErrorSummary(
    domain: CBErrorDomain, code: CBError.Code.peripheralDisconnected.rawValue)

/// The error of a call whose transaction the peer left unanswered, and of the link the central drops for it.
private let connectionTimeout = ErrorSummary(domain: CBErrorDomain, code: CBError.Code.connectionTimeout.rawValue)

@Suite("A peer that vanishes at every step of every procedure", .timeLimit(.minutes(5)))
struct VanishTableTests {
    @Test(
        "without a fault, each procedure exchanges exactly the PDUs the table cuts at",
        arguments: VanishProcedure.allCases)
    func pduCounts(procedure: VanishProcedure) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: procedure != .connect)
            let service = procedure.needsDiscovery ? try await rig.discover() : nil
            let prepared = try await prepare(procedure, &rig, service)
            rig.transport.arm(step: .max)
            try await run(procedure, &rig, service, prepared, expecting: nil)
            #expect(rig.transport.counted == procedure.pduCount)
            try await rig.finish()
        }
    }

    @Test(
        "the link drops mid-procedure: the pending call fails as on iOS and the next connection works",
        arguments: VanishCell.table)
    func vanish(cell: VanishCell) async throws {
        try await RigSlots.withSlot {
            let procedure = cell.procedure
            var rig = try await VanishRig.start(connect: procedure != .connect)
            let service = procedure.needsDiscovery ? try await rig.discover() : nil
            let prepared = try await prepare(procedure, &rig, service)
            rig.transport.arm(step: cell.step)
            let cutter = Task { [transport = rig.transport, device = rig.device] in
                for await _ in transport.cuts {
                    try await device.disconnectAll()
                    return true
                }
                return false
            }
            let failsToConnect = procedure.failsToConnect(cutAfter: cell.step)
            let callError = procedure == .connect && !failsToConnect ? nil : peripheralDisconnected
            try await run(procedure, &rig, service, prepared, expecting: callError)
            if !failsToConnect {
                #expect(try await rig.disconnection() == peripheralDisconnected)
            }
            #expect(try await cutter.value)
            try await rig.reconnectAndRead()
            try await rig.finish()
        }
    }

    @Test(
        "the peer stops answering mid-procedure: the pending call times out as on iOS, the link drops, the next connection works",
        arguments: VanishCell.table)
    func silence(cell: VanishCell) async throws {
        try await RigSlots.withSlot {
            let procedure = cell.procedure
            var rig = try await VanishRig.start(connect: procedure != .connect, timeout: VanishRig.silentTimeout)
            let service = procedure.needsDiscovery ? try await rig.discover() : nil
            let prepared = try await prepare(procedure, &rig, service)
            rig.transport.arm(step: cell.step)
            let failsToConnect = procedure.failsToConnect(cutAfter: cell.step)
            let callError = procedure == .connect && !failsToConnect ? nil : connectionTimeout
            try await run(procedure, &rig, service, prepared, expecting: callError)
            if !failsToConnect {
                let expected = procedure.silentDisconnection.map {
                    ErrorSummary(domain: CBErrorDomain, code: $0.rawValue)
                }
                if expected == nil { rig.onQueue { rig.central.cancelPeripheralConnection(rig.peripheral) } }
                #expect(try await rig.disconnection() == expected)
            }
            // The request in flight when the peer fell silent, at most: nothing follows an ATT timeout.
            #expect(rig.transport.swallowedATT <= 1)
            try await rig.reconnectAndRead()
            try await rig.finish()
        }
    }

    /// What a procedure needs before its first PDU: the characteristic it works on.
    private func prepare(
        _ procedure: VanishProcedure, _ rig: inout VanishRig, _ service: CBService?
    ) async throws -> CBCharacteristic? {
        guard let service else { return nil }
        switch procedure {
        case .readLong, .discoverDescriptors: return try rig.characteristic(VanishRig.long, in: service)
        case .writeLong: return try rig.characteristic(VanishRig.writable, in: service)
        case .subscribe: return try rig.characteristic(VanishRig.indicating, in: service)
        case .indication:
            let indicating = try rig.characteristic(VanishRig.indicating, in: service)
            rig.onQueue { rig.peripheral.setNotifyValue(true, for: indicating) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .notificationState(_, _, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == nil)
            return indicating
        default: return nil
        }
    }

    /// Starts the procedure and waits for the delegate call that ends it, with `expected` as its error.
    private func run(
        _ procedure: VanishProcedure, _ rig: inout VanishRig, _ service: CBService?,
        _ characteristic: CBCharacteristic?, expecting expected: ErrorSummary?
    ) async throws {
        let peripheral = rig.peripheral
        switch procedure {
        case .connect:
            rig.onQueue { rig.central.connect(peripheral) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                switch event {
                case .connected: return .some(nil)
                case .failedToConnect(_, let error): return .some(error)
                default: return nil
                }
            }
            #expect(error == expected)
            if error == nil { await rig.linkPrepared() }
        case .discoverServices:
            rig.onQueue { peripheral.discoverServices(nil) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .servicesDiscovered(let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .discoverIncludedServices:
            let service = try #require(service)
            rig.onQueue { peripheral.discoverIncludedServices(nil, for: service) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .includedServicesDiscovered(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .discoverCharacteristics:
            let service = try #require(service)
            rig.onQueue { peripheral.discoverCharacteristics(nil, for: service) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .characteristicsDiscovered(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .discoverDescriptors:
            let characteristic = try #require(characteristic)
            rig.onQueue { peripheral.discoverDescriptors(for: characteristic) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .descriptorsDiscovered(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .readLong:
            let characteristic = try #require(characteristic)
            rig.onQueue { peripheral.readValue(for: characteristic) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueUpdated(_, _, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .writeLong:
            let characteristic = try #require(characteristic)
            rig.onQueue { peripheral.writeValue(Data(VanishRig.longValue), for: characteristic, type: .withResponse) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .valueWritten(_, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .subscribe:
            let characteristic = try #require(characteristic)
            rig.onQueue { peripheral.setNotifyValue(true, for: characteristic) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .notificationState(_, _, let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        case .indication:
            var confirmations = rig.device.confirmations.makeAsyncIterator()
            #expect(await rig.device.update([1, 2, 3], of: VanishRig.indicating))
            if expected == nil {
                let value = try await rig.events.next { event -> Data?? in
                    guard case .valueUpdated(_, let value, nil) = event else { return nil }
                    return .some(value)
                }
                #expect(value == Data([1, 2, 3]))
                #expect(await confirmations.next() == rig.device.valueHandle(of: VanishRig.indicating))
            }
        case .openChannel:
            rig.onQueue { peripheral.openL2CAPChannel(VanishRig.psm) }
            let error = try await rig.events.next { event -> ErrorSummary?? in
                guard case .channelOpened(let error) = event else { return nil }
                return .some(error)
            }
            #expect(error == expected)
        }
    }
}
