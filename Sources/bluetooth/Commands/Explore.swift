import ArgumentParser
import CoreBluetooth
import Foundation

/// `bluetooth explore TARGET`: connect, discover the whole GATT tree, read every readable value, print the tree
/// (or, with `--json`, the `explore --json` format of DESIGN.md).
struct Explore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Connect to a peripheral, discover its GATT tree, read every readable value and print it all.")

    @OptionGroup var options: GlobalOptions

    @OptionGroup(title: "Pairing") var pairing: PairingOptions

    @Argument(help: "The peripheral: its local name, address (AA:BB:CC:DD:EE:FF) or identifier (UUID).")
    var target: String

    @Option(name: .long, help: "Seconds to wait for the peripheral to advertise, and to connect.")
    var timeout: Double = 10

    func run() async throws {
        try await CommandFailure.reporting("explore") {
            let progress = Progress()
            let (session, manager) = try await CentralSession.start(options, progress, pairing: pairing)
            let peripheral = try await session.connect(
                to: Target(target), with: manager, timeout: timeout, progress)
            let report = try await session.explore(peripheral, progress)
            await session.disconnect()
            let text = options.json ? report.jsonText(pretty: true) : report.treeText()
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        }
    }
}

extension CentralSession {
    /// How many times explore starts again because the peripheral's services changed while it explored.
    static let maximumExploreRestarts = 32

    /// Discovers every service, included service, characteristic and descriptor of a connected peripheral, reads
    /// every readable characteristic and descriptor, and reports what it found.
    ///
    /// When the peripheral says its services changed (Service Changed) while this runs, the tree walked so far may
    /// mix the old database with the new: the exploration starts again from service discovery, so the report is
    /// always one whole walk of one database. After ``maximumExploreRestarts`` changes it gives up.
    func explore(_ peripheral: CBPeripheral, _ progress: Progress) async throws -> ExploreReport {
        var restarts = 0
        while true {
            let before = servicesModifications
            let report: ExploreReport
            do {
                report = try await exploreOnce(peripheral, progress)
            } catch let failure as CommandFailure where servicesModifications != before {
                guard queue.sync(execute: { peripheral.state == .connected }) else { throw failure }
                try restart(&restarts, progress)
                continue
            }
            if servicesModifications == before { return report }
            try restart(&restarts, progress)
        }
    }

    private func restart(_ restarts: inout Int, _ progress: Progress) throws {
        restarts += 1
        guard restarts <= Self.maximumExploreRestarts else {
            throw CommandFailure(
                "the peripheral's services changed \(restarts) times while they were explored; giving up")
        }
        progress.say("the peripheral's services changed; exploring again")
    }

    /// One walk of the tree: ``explore(_:_:)`` without starting again.
    private func exploreOnce(_ peripheral: CBPeripheral, _ progress: Progress) async throws -> ExploreReport {
        try await discoverTree(of: peripheral, progress)
        var readErrors: [ObjectIdentifier: String] = [:]
        let serviceCount = queue.sync { AttributeTree.allServices(of: peripheral).count }
        for serviceIndex in 0..<serviceCount {
            let characteristicCount = queue.sync {
                AttributeTree.allServices(of: peripheral)[safe: serviceIndex]?.characteristics?.count ?? 0
            }
            for characteristicIndex in 0..<characteristicCount {
                let characteristic = { (peripheral: CBPeripheral) -> CBCharacteristic? in
                    AttributeTree.allServices(of: peripheral)[safe: serviceIndex]?.characteristics?[
                        safe: characteristicIndex]
                }
                let reading = queue.sync { () -> ObjectIdentifier? in
                    guard let characteristic = characteristic(peripheral), characteristic.properties.contains(.read)
                    else { return nil }
                    peripheral.readValue(for: characteristic)
                    return ObjectIdentifier(characteristic)
                }
                if let reading {
                    // A notification of another characteristic is not this read's answer.
                    let error = try await next { event -> CentralEvent.Failure?? in
                        if case .valueUpdated(reading, _, let error) = event { return .some(error) }
                        return nil
                    }
                    if let error {
                        // A read that timed out takes the link down with it (an ATT timeout ends the bearer), as
                        // does any failure of a link that is gone: either ends the exploration with its error.
                        if error.name == "connectionTimeout" || queue.sync(execute: { peripheral.state != .connected })
                        {
                            throw CommandFailure("reading failed and the peripheral disconnected: \(error)")
                        }
                        readErrors[reading] = error.name
                    }
                }
                let descriptorCount = queue.sync { characteristic(peripheral)?.descriptors?.count ?? 0 }
                for descriptorIndex in 0..<descriptorCount {
                    let started = queue.sync { () -> Bool in
                        guard let descriptor = characteristic(peripheral)?.descriptors?[safe: descriptorIndex] else {
                            return false
                        }
                        peripheral.readValue(for: descriptor)
                        return true
                    }
                    guard started else { continue }
                    _ = try await next { event -> CentralEvent.Failure?? in
                        if case .descriptorUpdated(let error) = event { return .some(error) }
                        return nil
                    }
                }
            }
        }
        let errors = readErrors
        return queue.sync {
            ExploreReport(
                identifier: peripheral.identifier.uuidString, address: Target.address(of: peripheral.identifier),
                name: peripheral.name, services: AttributeTree.allServices(of: peripheral),
                readError: { errors[ObjectIdentifier($0)] })
        }
    }
}
