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
