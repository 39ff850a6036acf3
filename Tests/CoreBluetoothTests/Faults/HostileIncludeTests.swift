import CoreBluetooth
import Foundation
import HostTestSupport
import Testing

@Suite("A hostile peripheral's include cycles against a CBCentralManager", .timeLimit(.minutes(2)))
struct HostileIncludeTests {
    @Test(
        "an include cycle links the services already known instead of making a new service at every turn",
        arguments: IncludeForgery.Cycle.allCases)
    func includeCycle(_ cycle: IncludeForgery.Cycle) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let forgery = IncludeForgery(cycle)
            rig.tampering.tamper { channel, payload in forgery.rewrite(channel: channel, payload: payload) }
            let primary = try await rig.discover()
            let battery = try #require(rig.recorder.queue.sync { primary.includedServices?.first })
            let peripheral = rig.peripheral
            for _ in 0..<3 {
                rig.onQueue { peripheral.discoverIncludedServices(nil, for: battery) }
                let error = try await rig.events.next { event -> ErrorSummary?? in
                    guard case .includedServicesDiscovered(_, let error) = event else { return nil }
                    return .some(error)
                }
                #expect(error == nil)
                let included = rig.recorder.queue.sync { battery.includedServices ?? [] }
                #expect(included.count == 1)
                let expected = cycle == .selfInclusion ? battery : primary
                #expect(included.first === expected)
            }
            let (reachable, primaries) = rig.recorder.queue.sync {
                (Self.reachableServices(of: peripheral), peripheral.services ?? [])
            }
            #expect(reachable.count == primaries.count + 1)
            #expect(Set(reachable.map(\.uuid)).count == reachable.count)
            rig.tampering.tamper(with: nil)
            try await rig.finish()
        }
    }

    /// What makes the peripheral let go of the services it discovered.
    enum Release: String, CaseIterable, Sendable {
        case disconnection = "the link goes down"
        case serviceChanged = "a Service Changed indication for every handle"
    }

    @Test(
        "the services of an include cycle are released once the peripheral lets go of them: the includes hold no loop",
        arguments: IncludeForgery.Cycle.allCases, Release.allCases)
    func cycleReleased(_ cycle: IncludeForgery.Cycle, _ release: Release) async throws {
        try await RigSlots.withSlot {
            var rig = try await VanishRig.start(connect: true)
            let forgery = IncludeForgery(cycle)
            rig.tampering.tamper { channel, payload in forgery.rewrite(channel: channel, payload: payload) }
            let found = try await Self.discoverCycle(&rig)
            #expect(rig.recorder.queue.sync { found.allSatisfy { $0.service != nil } })
            rig.tampering.tamper(with: nil)
            switch release {
            case .disconnection:
                try await rig.finish()
            case .serviceChanged:
                let handle = try #require(await rig.device.host.links.first?.handle)
                try await rig.transport.inject(
                    att: try await HostileServiceChangedTests.indication(rig, 0x0001...0xFFFF), on: handle)
                try await rig.events.next { event -> Void? in
                    if case .servicesModified = event { return () }
                    return nil
                }
            }
            // The peripheral's worker lets go of a finished operation (whose completion held its service) only
            // once it returns from it, which may come after the delegate heard the result: wait until it has.
            await rig.linkPrepared()
            #expect(rig.recorder.queue.sync { found.allSatisfy { $0.service == nil } })
            if release == .serviceChanged { try await rig.finish() }
        }
    }

    /// A service the test refers to without keeping it alive.
    struct WeakService {
        weak var service: CBService?
    }

    /// Discovers the primary service and the cycle its included service starts, keeping none of the services.
    private static func discoverCycle(_ rig: inout VanishRig) async throws -> [WeakService] {
        let primary = try await rig.discover()
        let battery = try #require(rig.recorder.queue.sync { primary.includedServices?.first })
        let peripheral = rig.peripheral
        rig.onQueue { peripheral.discoverIncludedServices(nil, for: battery) }
        let error = try await rig.events.next { event -> ErrorSummary?? in
            guard case .includedServicesDiscovered(_, let error) = event else { return nil }
            return .some(error)
        }
        #expect(error == nil)
        return [WeakService(service: primary), WeakService(service: battery)]
    }

    /// Every service reachable from the peripheral's services through includes, each once (call on the queue).
    private static func reachableServices(of peripheral: CBPeripheral) -> [CBService] {
        var found: [CBService] = []
        var pending = peripheral.services ?? []
        while let service = pending.popLast() {
            guard !found.contains(where: { $0 === service }) else { continue }
            found.append(service)
            pending += service.includedServices ?? []
        }
        return found
    }
}
