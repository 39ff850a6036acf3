/// The process-wide virtual air behind the `virtual` transport spec: hosts in one process that ask for a
/// virtual transport all meet here, in real time.
public enum VirtualAir {
    /// The air every `virtual` transport of this process joins.
    public static let shared = Air()

    /// A new controller on the shared air; the returned controller is its host's transport.
    public static func makeTransport(
        configuration: VirtualControllerConfiguration = VirtualControllerConfiguration()
    ) async -> VirtualController {
        await shared.makeController(configuration: configuration)
    }
}
