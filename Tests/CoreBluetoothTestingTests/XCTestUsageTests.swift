import CoreBluetooth
import CoreBluetoothTesting
import Foundation
import XCTest

/// The kit from XCTest, as a team with XCTest suites would use it: the same world, waits and simulations.
final class XCTestUsageTests: XCTestCase {
    func testReadFailsWithTheResponderATTError() async throws {
        let world = try Simulation()
        _ = await world.add(Blinky.spec(responder: { _ in .error(.unlikelyError) }))
        try await world.run {
            let app = CentralProbe(service: Blinky.service)
            try await world.wait(until: { app.heard.characteristics.contains(Blinky.button) })
            app.read(Blinky.button)
            try await world.wait(until: { !app.heard.reads.isEmpty })
            XCTAssertEqual(app.heard.reads, [.attError(.unlikelyError)])
        }
        await world.end()
    }
}
