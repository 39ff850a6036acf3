import Testing

@testable import HCI

@Suite("Kernel adapter through /dev/vhci", .timeLimit(.minutes(1)))
struct VHCIControllerTransportTests {
    @Test("a missing vhci device is a one-line open failure naming the device and the driver")
    func missingDevice() async {
        let path = "/nonexistent/vhci"
        await #expect {
            _ = try await VHCIControllerTransport.open(path: path)
        } throws: { error in
            guard case .openFailed(let spec, let reason) = error as? TransportError else { return false }
            return spec == path && reason.contains("hci_vhci") && !reason.contains("\n")
        }
    }
}
