import ArgumentParser
import Foundation
import HCI
import VirtualRadio

/// `bluetooth sim`: a virtual air that other processes and stacks join over TCP, one fresh virtual
/// controller (H4) per client.
struct Sim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a virtual air; every TCP client gets its own virtual controller speaking H4.")

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: "Where to listen, HOST:PORT (port 0 picks a free port).")
    var listen: String

    func run() async throws {
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw ValidationError("--listen takes HOST:PORT, e.g. 127.0.0.1:7000; got '\(listen)'")
        }
        let host = String(listen[..<colon])
        let listener: TCPListener
        do {
            listener = try await TCPListener.listen(host: host, port: port)
        } catch {
            FileHandle.standardError.write(Data("bluetooth sim: \(error)\n".utf8))
            throw ExitCode.failure
        }
        Signals.unblockTermination()
        Narrator(json: options.json).step(
            "listening", "Virtual air listening on \(host):\(listener.port); each client gets a fresh controller.",
            ["host": host, "port": String(listener.port)])
        try await SimServer().run(listener)
    }
}
