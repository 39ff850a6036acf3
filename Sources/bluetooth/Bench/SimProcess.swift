import Foundation

/// A `bluetooth sim` child process on a free loopback port, for benchmarks that measure the sim from outside.
final class SimProcess {
    let process: Process
    /// The port the sim listens on.
    let port: UInt16

    /// Starts this executable's `sim` command with `arguments` added and waits until it listens.
    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["sim", "--listen", "127.0.0.1:0", "--json"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        self.process = process
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            let port = (object["port"] as? Int).flatMap({ UInt16(exactly: $0) })
        else {
            process.terminate()
            throw BenchError.setUp("bluetooth sim did not report its port: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    /// CPU time the sim has used so far (user and system), from /proc.
    var cpuTime: Duration {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return .zero }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, utime field 14 and stime field 15 of the whole line.
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return .zero }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / max(ticks, 1))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
