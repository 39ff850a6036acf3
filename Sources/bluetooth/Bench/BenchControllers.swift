import HCI
import VirtualRadio

/// Where the bench's two hosts find their controllers.
enum BenchControllers: Sendable {
    /// Two virtual controllers on a private air in this process.
    case virtualAir
    /// Two controllers behind transports: a `bluetooth sim` gives each connection its own, so the same
    /// spec may serve both; Bumble's controllers listen on one port each.
    case transports(central: TransportSpec, peripheral: TransportSpec)

    /// The controllers `--transport` and `--peripheral-transport` name; a spec that serves one controller only
    /// (serial, HCI user channel) needs the second spec.
    init(central: TransportSpec, peripheral: TransportSpec?) throws(BenchError) {
        switch (central, peripheral) {
        case (.virtual, nil): self = .virtualAir
        case (.virtual, _), (_, .virtual?):
            throw .setUp("the virtual air cannot be mixed with other transports")
        case (.tcp, nil), (.unix, nil): self = .transports(central: central, peripheral: central)
        case (_, nil):
            throw .setUp("\(central) is one controller; the bench needs --peripheral-transport for the second")
        case (_, let peripheral?): self = .transports(central: central, peripheral: peripheral)
        }
    }

    /// Opens the central's and the peripheral's controllers.
    func open() async throws -> (central: any HCITransport, peripheral: any HCITransport) {
        switch self {
        case .virtualAir:
            let air = Air()
            return (await air.makeController(), await air.makeController())
        case .transports(let central, let peripheral):
            let centralTransport = try await central.open(executor: PollingExecutor.shared)
            do {
                return (centralTransport, try await peripheral.open(executor: PollingExecutor.shared))
            } catch {
                await centralTransport.close()
                throw error
            }
        }
    }

    /// What the controllers are, for reports.
    var description: String {
        switch self {
        case .virtualAir: "virtual air in this process"
        case .transports(let central, let peripheral) where central == peripheral: "\(central) (both hosts)"
        case .transports(let central, let peripheral): "\(central) and \(peripheral)"
        }
    }
}
