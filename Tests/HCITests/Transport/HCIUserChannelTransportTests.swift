import Glibc
import Testing

@testable import HCI

@Suite("HCI user channel transport", .timeLimit(.minutes(2)))
struct HCIUserChannelTransportTests {
    @Test("opening hci0 where it cannot be used fails with one line naming the spec and the cause")
    func openFails() async throws {
        let error = try await #require(throws: TransportError.self) {
            let transport = try await TransportSpec(parsing: "hci0").open()
            await transport.close()
        }
        guard case .openFailed(let spec, let reason) = error else {
            Issue.record("expected openFailed, got \(error)")
            return
        }
        #expect(spec == "hci0")
        #expect(!reason.isEmpty)
        #expect(error.description.hasPrefix("cannot open transport 'hci0': "))
        #expect(!error.description.contains("\n"))
    }

    @Test(
        "on a kernel without Bluetooth the error says so",
        .enabled(if: !HCIUserChannelTransportTests.kernelHasBluetooth))
    func noBluetooth() async throws {
        let error = try await #require(throws: TransportError.self) { try await HCIUserChannelTransport.open(index: 0) }
        #expect(
            error.description
                == "cannot open transport 'hci0': the kernel has no Bluetooth support (Address family not supported by protocol)"
        )
    }

    static var kernelHasBluetooth: Bool {
        let descriptor = socket(31, Int32(SOCK_RAW.rawValue), 1)
        if descriptor >= 0 { close(descriptor) }
        return descriptor >= 0 || errno != EAFNOSUPPORT
    }
}
