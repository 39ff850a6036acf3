import Host
import Testing
import VirtualRadio

@Suite("A stopped host is freed", .timeLimit(.minutes(1)))
struct HostReleaseTests {
    @Test("once stopped and dropped by its owner, a host is freed with everything it holds")
    func stoppedHostIsFreed() async throws {
        let air = Air()
        var host: BluetoothHost? = try await BluetoothHost.start(transport: await air.makeController())
        weak let released = host
        await host?.stop()
        host = nil
        #expect(released == nil)
    }
}
