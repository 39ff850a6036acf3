import Foundation
import Testing

/// Android's Root Canal (a C++ virtual controller) as `.ci/rootcanal` installs it: every TCP client of its HCI port
/// gets a controller of the chosen preset, with a public address, on one shared air (two beacons already on it).
struct RootCanal {
    /// The controller presets the tests run on (Root Canal's `configuration.preset` names).
    enum Preset: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case `default` = "DEFAULT"
        case lairdBL654 = "LAIRD_BL654"
        case csrRckPtsDongle = "CSR_RCK_PTS_DONGLE"

        var testDescription: String { rawValue }
    }

    /// The launcher `.ci/rootcanal` writes: `ROOTCANAL`, else `$ROOTCANAL_HOME/rootcanal`, else under the cache.
    static var launcher: String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["ROOTCANAL"] { return path }
        let home =
            environment["ROOTCANAL_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/rootcanal-1.13.0").path
        return home + "/rootcanal"
    }

    /// Whether the launcher is there to run.
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: launcher) }

    let process: RunningTool
    /// Our `--transport` value for a controller of the preset.
    let transport: String

    /// Starts Root Canal with one HCI port of `preset` on a free loopback port, and waits until it listens there.
    static func start(_ preset: Preset) async throws -> RootCanal {
        let configuration = "tcp_server { tcp_port: 0 configuration { preset: \(preset.rawValue) } }"
        let process = try RunningTool(
            [
                "-test_port", "0", "-hci_port", "0", "-link_port", "0", "-link_ble_port", "0",
                "-configuration", configuration,
            ], executable: launcher, standardError: true)
        var openingHCI = false
        while let line = await process.nextLine() {
            if line.contains("Opening an HCI") {
                openingHCI = true
            } else if openingHCI, let range = line.range(of: "Listening on: ") {
                let digits = line[range.upperBound...].prefix { $0.isNumber }
                let port = try #require(Int(digits), "Root Canal's HCI port in '\(line)'")
                return RootCanal(process: process, transport: "tcp:127.0.0.1:\(port)")
            }
        }
        process.kill()
        throw RootCanalError.exitedBeforeListening
    }

    /// Stops Root Canal, which ignores SIGTERM and SIGINT.
    func stop() {
        process.kill()
    }

    enum RootCanalError: Error {
        case exitedBeforeListening
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test when Root Canal is installed, and always in CI so that a missing Root Canal fails there.
    static var rootCanalInstalledOrCI: Self {
        .enabled(
            if: RootCanal.installed || ProcessInfo.processInfo.environment["CI"] == "true",
            "Root Canal is not installed (bash .ci/rootcanal installs it); with CI=true this is a failure")
    }
}
