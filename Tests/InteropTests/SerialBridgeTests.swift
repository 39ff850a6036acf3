import Foundation
import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

@Suite("Our host over a serial UART bridged to the sim", .timeLimit(.minutes(2)))
struct SerialBridgeTests {
    private var socatPath: String? {
        ["/usr/bin/socat", "/usr/local/bin/socat"].first(where: FileManager.default.isExecutableFile)
    }

    @Test("a host on a pseudo-terminal bridged to a sim controller advertises, connects and exchanges ACL both ways")
    func serialHostOnSim() async throws {
        guard let socatPath else {
            try #require(ProcessInfo.processInfo.environment["CI"] != "true", "socat must be installed in CI")
            return
        }
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0)
        let sim = Task { try await SimServer().run(listener) }
        defer { sim.cancel() }

        let tty = FileManager.default.temporaryDirectory.appendingPathComponent("bt-\(UUID().uuidString.prefix(8))")
            .path
        let socat = Process()
        socat.executableURL = URL(fileURLWithPath: socatPath)
        socat.arguments = ["-d", "-d", "pty,raw,echo=0,link=\(tty)", "tcp:127.0.0.1:\(listener.port)"]
        let errors = Pipe()
        socat.standardError = errors
        try socat.run()
        defer {
            kill(socat.processIdentifier, SIGKILL)
            socat.waitUntilExit()
        }
        let reader = errors.fileHandleForReading
        let log = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var log = ""
                while !log.contains("starting data transfer loop") {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    log += String(decoding: chunk, as: UTF8.self)
                }
                continuation.resume(returning: log)
            }
        }
        try #require(log.contains("starting data transfer loop"), "socat ended early: \(log)")

        let serialHost = ControllerChannel(transport: try await TransportSpec(parsing: "serial:\(tty)@1000000").open())
        let tcpHost = ControllerChannel(
            transport: try await TransportSpec(parsing: "tcp:127.0.0.1:\(listener.port)").open())
        let serialAddress = try #require(BluetoothAddress("C0:00:00:00:5E:01"))
        _ = try await serialHost.setUp(.init(staticRandomAddress: serialAddress))
        let tcpAddress = try #require(BluetoothAddress("C0:00:00:00:5E:02"))
        _ = try await tcpHost.setUp(.init(staticRandomAddress: tcpAddress))
        let serialGAP = GAPProcedures(serialHost)
        let tcpGAP = GAPProcedures(tcpHost)

        try await serialGAP.startAdvertising(
            ownAddressType: .random, data: [0x02, 0x01, 0x06], scanResponse: [0x03, 0x09, 0x55, 0x41])
        try await tcpGAP.startScanning(active: true, ownAddressType: .random)
        let response = try await tcpGAP.waitForAdvertisement("the serial host's scan response") {
            $0.address == serialAddress && $0.isScanResponse
        }
        #expect(response.data == [0x03, 0x09, 0x55, 0x41])
        try await tcpGAP.stopScanning()

        let tcpLink = try await tcpGAP.connect(to: serialAddress, type: .random, ownAddressType: .random)
        let serialLink = try await serialGAP.waitForLink()
        let outbound = BasicFrame(channelID: .att, payload: (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try await serialHost.sendFrame(outbound, on: serialLink.handle)
        #expect(try await tcpHost.receiveFrame(on: tcpLink.handle) == outbound)
        let inbound = BasicFrame(channelID: .att, payload: (0..<400).map { UInt8(truncatingIfNeeded: $0 * 3) })
        try await tcpHost.sendFrame(inbound, on: tcpLink.handle)
        #expect(try await serialHost.receiveFrame(on: serialLink.handle) == inbound)

        let reason = try await serialGAP.disconnect(serialLink.handle)
        #expect(reason == .connectionTerminatedByLocalHost)
        #expect(try await tcpGAP.waitForDisconnection(of: tcpLink.handle) == .remoteUserTerminatedConnection)
        await serialHost.close()
        await tcpHost.close()
        await listener.close()
    }
}
