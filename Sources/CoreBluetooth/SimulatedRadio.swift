import HCI
import VirtualRadio

/// A simulated radio a manager's host runs on instead of the process's virtual air: the testing kit
/// (`CoreBluetoothTesting`) hands one to the app's managers and one to each simulated peripheral, so that the test
/// switches them off and on, logs them and moves their time.
///
/// A manager on a simulated radio takes its host's clock from it and, when its controller goes away (the radio
/// was switched off), waits in ``open(configuration:)`` for the next one, as iOS keeps a manager across Bluetooth
/// being turned off and on.
package protocol SimulatedRadio: AnyObject, Sendable {
    /// The clock the host's timers (commands, ATT transactions, pairing, connection attempts) run on.
    var clock: any Clock<Duration> { get }

    /// Waits until the radio is on, then gives a new controller of `configuration` for the manager's host, and the
    /// static random address the host should give it (nil: a fresh one). Throws once the simulation has ended.
    func open(configuration: VirtualControllerConfiguration) async throws -> SimulatedController
}

/// A controller a ``SimulatedRadio`` opened: the host's transport, and the address it should use.
package struct SimulatedController: Sendable {
    /// The transport the host talks to.
    package var transport: any HCITransport
    /// The static random address for the host to set, or nil for a fresh one.
    package var staticAddress: BluetoothAddress?

    /// A controller opened on a simulated radio.
    package init(transport: any HCITransport, staticAddress: BluetoothAddress?) {
        self.transport = transport
        self.staticAddress = staticAddress
    }
}

/// Which simulated radio a manager made now joins: the manager option ``optionKey`` first, then the radio bound to
/// the current task (the testing kit binds its simulation's while the test runs the app), else none.
package enum SimulatedRadios {
    /// The manager option naming the manager's simulated radio (`any SimulatedRadio`).
    package static let optionKey = "kCBManagerOptionSimulatedRadio"

    /// The radio managers made by this task (and the tasks it starts) join.
    @TaskLocal package static var current: (any SimulatedRadio)?

    /// The radio `options` or the current task choose.
    static func chosen(by options: [String: Any]?) -> (any SimulatedRadio)? {
        options?[optionKey] as? any SimulatedRadio ?? current
    }
}
