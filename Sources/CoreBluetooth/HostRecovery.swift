import HCI
import Host

/// Keeps a manager's host stack up for as long as the manager lives, as iOS keeps a manager across Bluetooth
/// being turned off and on: a controller reached over `tcp:` or `unix:` (a `bluetooth sim`, Bumble, an emulator)
/// may come later than the app or go away and come back, so its transport is opened again, with a back-off that
/// doubles from ``firstDelay`` to at most ``longestDelay``, until it answers. A real controller (`serial:`, an HCI
/// user channel) whose host ended while the manager lives (a Hardware Error ends it, as Linux then resets the
/// adapter) is opened and set up once more; if that fails, the manager stays powered off. A simulated radio
/// (``SimulatedRadio``) gives the next controller once it is switched on again, and fails only when its simulation
/// has ended, which ends the manager's host for good; the virtual radio's other controllers are not reopened.
enum HostRecovery {
    /// The wait after the first failed attempt.
    static let firstDelay: Duration = .milliseconds(50)
    /// The longest wait between two attempts.
    static let longestDelay: Duration = .seconds(1)

    /// Whether a controller behind `spec` can come (back) while the manager waits for it.
    static func retries(_ spec: TransportSpec) -> Bool {
        switch spec {
        case .tcp, .unix: true
        case .virtual, .serial, .hciUserChannel: false
        }
    }

    /// Whether a controller behind `spec` is opened and set up again after its host ended.
    static func restarts(_ spec: TransportSpec) -> Bool {
        switch spec {
        case .tcp, .unix, .serial, .hciUserChannel: true
        case .virtual: false
        }
    }

    /// Starts hosts on `launch` one after another while `wanted` says the manager still lives: `unavailable` hears
    /// each failed attempt's error, `run` gets each host that came up and returns once that host has ended.
    static func keep(
        _ launch: ManagerHost.Launch, wanted: @Sendable () -> Bool, unavailable: @Sendable (any Error) -> Void,
        run: @Sendable (BluetoothHost) async -> Void
    ) async {
        var delay = firstDelay
        while wanted() {
            do {
                let host = try await ManagerHost.start(launch)
                delay = firstDelay
                guard wanted() else { return await host.stop() }
                await run(host)
            } catch {
                unavailable(error)
                guard launch.radio == nil, retries(launch.spec), (try? await Task.sleep(for: delay)) != nil
                else { return }
                delay = min(delay * 2, longestDelay)
                continue
            }
            if launch.radio != nil { continue }
            guard restarts(launch.spec), (try? await Task.sleep(for: firstDelay)) != nil else { return }
        }
    }

    /// Hands `host`'s events to `event` until it ends, then calls `ended` and returns.
    static func events(
        of host: BluetoothHost, _ event: @escaping @Sendable (HostEvent) -> Void,
        ended: @escaping @Sendable () -> Void
    ) async {
        let (end, finished) = AsyncStream.makeStream(of: Void.self)
        await host.handleEvents(
            with: HostEventHandler(
                event: event,
                ended: {
                    ended()
                    finished.finish()
                }))
        for await _ in end {}
    }
}
