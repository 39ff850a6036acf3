import CoreBluetooth

/// How many heart rates the monitor prints: `--count N`, 5 by default.
let readings: Int = {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--count") else { return 5 }
    guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 else {
        print("usage: HeartRateExample [--count N]")
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
