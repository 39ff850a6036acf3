import CoreBluetooth

let usage = """
    usage: HeartRateExample [--count N]
    A heart-rate sensor (CBPeripheralManager) and a monitor (CBCentralManager) on the virtual radio, in one process:
    the monitor prints N live heart rates (default 5), resets the sensor's energy expended and disconnects.
    """

/// How many heart rates the monitor prints: `--count N`, 5 by default; `--help` prints the usage, and anything
/// else is refused with it (exit status 2).
let readings: Int = {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(usage)
        exit(0)
    }
    if arguments.isEmpty { return 5 }
    guard arguments.count == 2, arguments[0] == "--count", let count = Int(arguments[1]), count > 0 else {
        print(usage)
        exit(2)
    }
    return count
}()

let sensor = HeartRateSensor(queue: DispatchQueue(label: "HeartRateSensor"))
let monitor = HeartRateMonitor(queue: DispatchQueue(label: "HeartRateMonitor"), readings: readings)

if monitor.finished.wait(timeout: .now() + .seconds(60)) == .timedOut {
    print("Monitor: gave up after a minute")
    exit(1)
}
exit(monitor.exitStatus)
