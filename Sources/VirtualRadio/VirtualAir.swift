import Foundation

/// The process-wide virtual airs behind the `virtual` transport spec: hosts in one process that ask for a
/// virtual transport meet on the air of their timing, in real time.
///
/// There is one instant and one timed air per process, each made when first used; which one a manager joins
/// is its own choice (CoreBluetooth's `CBManagerOptionVirtualAirKey`), else `BLUETOOTH_AIR`, else instant.
/// Hosts on different timings do not hear each other.
public enum VirtualAir {
    /// The process's instant air.
    public static let instant = Air(timing: .instant)
    /// The process's timed air.
    public static let timed = Air(timing: .timed)

    /// The timing `BLUETOOTH_AIR` names, or instant when it is unset or names neither timing.
    public static let defaultTiming: AirTiming =
        ProcessInfo.processInfo.environment[AirTiming.environmentVariable].flatMap(AirTiming.init(name:)) ?? .instant

    /// The process's air of the default timing.
    public static var shared: Air { air(for: defaultTiming) }

    /// The process's air of a timing.
    public static func air(for timing: AirTiming) -> Air {
        switch timing {
        case .instant: instant
        case .timed: timed
        }
    }

    /// A new controller on the process's air of `timing`; the returned controller is its host's transport.
    public static func makeTransport(
        configuration: VirtualControllerConfiguration = VirtualControllerConfiguration(),
        timing: AirTiming = defaultTiming
    ) async -> VirtualController {
        await air(for: timing).makeController(configuration: configuration)
    }
}
