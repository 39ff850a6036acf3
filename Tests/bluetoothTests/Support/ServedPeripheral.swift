import Foundation
import Testing

/// A `bluetooth sim` air with a `bluetooth serve` peripheral on it, for the commands that act as a central.
struct ServedPeripheral {
    let sim: RunningTool
    let serve: RunningTool
    /// The `--transport` value for another process on the same air.
    let transport: String
    /// The GATT file the peripheral serves.
    let file: URL

    /// Starts a sim (with `simArguments` added) and serves `gatt` (the text of a GATT file) on it, with `arguments`
    /// added, once it advertises.
    static func start(
        _ gatt: String, arguments: [String] = [], simArguments: [String] = []
    ) async throws -> ServedPeripheral {
        let sim = try RunningTool(["sim", "--listen", "127.0.0.1:0", "--json"] + simArguments)
        let line = try #require(await sim.nextLine())
        let announcement = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let port = try #require(announcement["port"] as? Int)
        let transport = "tcp:127.0.0.1:\(port)"
        let (serve, file) = try await serve(gatt, on: transport, arguments: arguments)
        return ServedPeripheral(sim: sim, serve: serve, transport: transport, file: file)
    }

    /// Serves another peripheral on the same air; stop it and remove its file when done. Each `serve` keeps its data
    /// (bonds of an `--address`) in a temporary directory, never in the user's.
    func serveAnother(_ gatt: String, arguments: [String] = []) async throws -> (RunningTool, URL) {
        try await Self.serve(gatt, on: transport, arguments: arguments)
    }

    /// Serves `gatt` on the controller `transport` names, once it advertises; stop it and remove its file when done.
    static func serve(_ gatt: String, on transport: String, arguments: [String] = []) async throws -> (RunningTool, URL)
    {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gatt-\(UUID().uuidString).json")
        try Data(gatt.utf8).write(to: file)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("serve-data-\(UUID().uuidString)")
        let serve = try RunningTool(
            ["serve", file.path, "--transport", transport] + arguments, environment: ["XDG_DATA_HOME": data.path])
        while let line = await serve.nextLine() {
            if line.hasPrefix("Advertising") { break }
        }
        return (serve, file)
    }

    /// Stops both processes and removes the file.
    func stop() {
        _ = serve.stop()
        _ = sim.stop()
        try? FileManager.default.removeItem(at: file)
    }
}
