import Foundation
import Glibc
import Testing

@testable import HCI

@Suite("Serial transport", .timeLimit(.minutes(2)))
struct SerialTransportTests {
    @Test(
        "two serial transports on linked pseudo-terminals exchange packets both ways",
        .enabled(if: ExternalTool.shouldRun("socat"), "socat is not installed (set CI=true to require it)"))
    func ptyExchange() async throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("first").path
        let second = directory.appendingPathComponent("second").path
        let socat = try ExternalTool.launch(
            "socat", ["-d", "-d", "pty,raw,echo=0,link=\(first)", "pty,raw,echo=0,link=\(second)"])
        defer { ExternalTool.stop(socat) }
        try await ExternalTool.waitForStandardError(of: socat, containing: "starting data transfer loop")

        let host = try await TransportSpec(parsing: "serial:\(first)@115200").open()
        let controller = try await TransportSpec(parsing: "serial:\(second)@1000000").open()
        try await TransportFixtures.exchange(
            host, controller,
            outbound: [TransportFixtures.reset, TransportFixtures.aclData] + TransportFixtures.varied(count: 200),
            inbound: [TransportFixtures.resetComplete] + TransportFixtures.varied(count: 150).reversed())
        await host.close()
        await controller.close()
    }

    @Test(
        "every advertised baud rate can be set on a terminal, and an unsupported one is refused",
        .enabled(if: ExternalTool.shouldRun("socat"), "socat is not installed (set CI=true to require it)"))
    func baudRates() async throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("tty").path
        let other = directory.appendingPathComponent("other").path
        let socat = try ExternalTool.launch(
            "socat", ["-d", "-d", "pty,raw,echo=0,link=\(link)", "pty,raw,echo=0,link=\(other)"])
        defer { ExternalTool.stop(socat) }
        try await ExternalTool.waitForStandardError(of: socat, containing: "starting data transfer loop")
        let keepOpen = open(link, O_RDWR | O_NOCTTY)
        try #require(keepOpen >= 0, "socat's terminal closes when its last user does; this one keeps it open")
        defer { close(keepOpen) }
        for rate in SerialTransport.supportedBaudRates {
            let transport = try await SerialTransport.open(device: link, baudRate: rate)
            #expect(transport.baudRate == rate)
            await transport.close()
        }
        let error = try await #require(throws: TransportError.self) {
            try await SerialTransport.open(device: link, baudRate: 123_456)
        }
        guard case .openFailed(let spec, let reason) = error else {
            Issue.record("expected openFailed, got \(error)")
            return
        }
        #expect(spec == "serial:\(link)@123456")
        #expect(reason.hasPrefix("unsupported baud rate 123456; supported: "))
    }
}
