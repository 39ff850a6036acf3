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
        try await withArmedRig(procedure, step: .max) { rig, target in
            try await run(procedure, &rig, target, expecting: nil)
            #expect(rig.transport.counted == procedure.pduCount)
        }
    }

    @Test(
        "the link drops mid-procedure: the pending call fails as on iOS and the next connection works",
        arguments: VanishCell.table)
    func vanish(cell: VanishCell) async throws {
        let procedure = cell.procedure
        try await withArmedRig(procedure, step: cell.step) { rig, target in
            let cutter = Task { [transport = rig.transport, device = rig.device] in
                for await _ in transport.cuts {
                    try await device.disconnectAll()
                    return true
                }
                return false
            }
            let failsToConnect = procedure.failsToConnect(cutAfter: cell.step)
            let callError = procedure == .connect && !failsToConnect ? nil : peripheralDisconnected
            try await run(procedure, &rig, target, expecting: callError)
            if !failsToConnect {
                #expect(try await rig.disconnection() == peripheralDisconnected)
            }
            #expect(try await cutter.value)
            try await rig.reconnectAndRead()
        }
    }

    @Test(
        "the peer stops answering mid-procedure: the pending call times out as on iOS, the link drops, the next connection works",
        arguments: VanishCell.table)
    func silence(cell: VanishCell) async throws {
        let procedure = cell.procedure
        try await withArmedRig(procedure, step: cell.step, timeout: VanishRig.silentTimeout) { rig, target in
            let failsToConnect = procedure.failsToConnect(cutAfter: cell.step)
            let callError = procedure == .connect && !failsToConnect ? nil : connectionTimeout
            try await run(procedure, &rig, target, expecting: callError)
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
        }
    }

    /// What a procedure works on: the primary service when it needs discovery, and its characteristic.
    private struct Target {
        let service: CBService?
        let characteristic: CBCharacteristic?
    }

    /// Starts a rig for `procedure` (connected unless the procedure is the connection; with `timeout` for a silent
    /// peer), discovers and prepares what it works on, arms the transport to cut after `step` PDUs, runs `body` and
    /// finishes the rig.
    private func withArmedRig(
        _ procedure: VanishProcedure, step: Int, timeout: Duration? = nil, label: String = #function,
        _ body: (inout VanishRig, Target) async throws -> Void
    ) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: procedure != .connect, timeout: timeout, label: label)
            let service = procedure.needsDiscovery ? try await rig.discover() : nil
            let characteristic = try await prepare(procedure, &rig, service)
            rig.transport.arm(step: step)
            try await body(&rig, Target(service: service, characteristic: characteristic))
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
            let peripheral = rig.peripheral
            try await expect(nil, on: &rig, from: { peripheral.setNotifyValue(true, for: indicating) }) {
                guard case .notificationState(_, _, let error) = $0 else { return nil }
                return .some(error)
            }
            return indicating
        default: return nil
        }
    }

    /// Starts the procedure and waits for the delegate call that ends it, with `expected` as its error.
    private func run(
        _ procedure: VanishProcedure, _ rig: inout VanishRig, _ target: Target, expecting expected: ErrorSummary?
    ) async throws {
        let peripheral = rig.peripheral
        switch procedure {
        case .connect:
            let central = rig.central
            let error = try await expect(expected, on: &rig, from: { central.connect(peripheral) }) {
                switch $0 {
                case .connected: .some(nil)
                case .failedToConnect(_, let error): .some(error)
                default: nil
                }
            }
            if error == nil { await rig.linkPrepared() }
        case .discoverServices:
            try await expect(expected, on: &rig, from: { peripheral.discoverServices(nil) }) {
                guard case .servicesDiscovered(let error) = $0 else { return nil }
                return .some(error)
            }
        case .discoverIncludedServices:
            let service = try #require(target.service)
            try await expect(expected, on: &rig, from: { peripheral.discoverIncludedServices(nil, for: service) }) {
                guard case .includedServicesDiscovered(_, let error) = $0 else { return nil }
                return .some(error)
            }
        case .discoverCharacteristics:
            let service = try #require(target.service)
            try await expect(expected, on: &rig, from: { peripheral.discoverCharacteristics(nil, for: service) }) {
                guard case .characteristicsDiscovered(_, let error) = $0 else { return nil }
                return .some(error)
            }
        case .discoverDescriptors:
            let characteristic = try #require(target.characteristic)
            try await expect(expected, on: &rig, from: { peripheral.discoverDescriptors(for: characteristic) }) {
                guard case .descriptorsDiscovered(_, let error) = $0 else { return nil }
                return .some(error)
            }
        case .readLong:
            let characteristic = try #require(target.characteristic)
            try await expect(expected, on: &rig, from: { peripheral.readValue(for: characteristic) }) {
                guard case .valueUpdated(_, _, let error) = $0 else { return nil }
                return .some(error)
            }
        case .writeLong:
            let characteristic = try #require(target.characteristic)
            let write = { peripheral.writeValue(Data(VanishRig.longValue), for: characteristic, type: .withResponse) }
            try await expect(expected, on: &rig, from: write) {
                guard case .valueWritten(_, let error) = $0 else { return nil }
                return .some(error)
            }
        case .subscribe:
            let characteristic = try #require(target.characteristic)
            try await expect(expected, on: &rig, from: { peripheral.setNotifyValue(true, for: characteristic) }) {
                guard case .notificationState(_, _, let error) = $0 else { return nil }
                return .some(error)
            }
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
            try await expect(expected, on: &rig, from: { peripheral.openL2CAPChannel(VanishRig.psm) }) {
                guard case .channelOpened(let error) = $0 else { return nil }
                return .some(error)
            }
        }
    }

    /// Makes `call` on the delegate queue and expects the delegate call `ending` picks out to carry `expected`;
    /// returns the error it carried.
    @discardableResult
    private func expect(
        _ expected: ErrorSummary?, on rig: inout VanishRig, from call: () -> Void,
        endedBy ending: (CentralEvent) -> ErrorSummary??
    ) async throws -> ErrorSummary? {
        rig.onQueue(call)
        let error = try await rig.events.next(ending)
        #expect(error == expected)
        return error
    }
}
