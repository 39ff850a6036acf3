import Dispatch
import Glibc

/// The process's entry point: takes over SIGINT and SIGTERM on the main thread before any other thread exists
/// (``Signals/takeOver()``), then runs ``BluetoothCommand`` on Swift's concurrency pool while the main thread runs
/// the main queue, as an async `main` would.
@main
enum Entry {
    static func main() {
        Signals.takeOver()
        Task {
            await BluetoothCommand.main()
            exit(0)
        }
        dispatchMain()
    }
}
