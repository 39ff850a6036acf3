import Foundation
import HCI
import Host

/// The soak's traffic on a bench rig: the central connects, pairs (afresh every other connection, else
/// encrypting with the bond the last pairing left), discovers, subscribes, then writes to the echo
/// characteristic and receives its notifications until the connection's time is up, disconnects and starts
/// again.
struct SoakWorkload: Sendable {
    /// The two hosts and their first connection.
    let rig: BenchRig
    /// How long each connection carries traffic before the central disconnects.
    let connectionTime: Duration
    /// The pause between two write-and-notify rounds, so that a soak is steady traffic rather than a flood.
    let pace: Duration
    /// Where the work done is counted.
    let counters: SoakCounters

    /// Starts the readers of both hosts' events: the peripheral acknowledges writes, the central counts
    /// notifications. Cancel them when the soak ends.
    func startEventReaders() -> [Task<Void, Never>] {
        let peripheral = Task { [rig, counters] in
            for await event in rig.peripheral.events {
                guard case .serverRequest(let request) = event else { continue }
                switch request.kind {
                case .read: await rig.peripheral.respond(to: request.id, with: .values([[]]))
                case .write:
                    await rig.peripheral.respond(to: request.id, with: .written)
                    counters.update { $0.writes += 1 }
                case .writeWithoutResponse: break
                }
            }
        }
        let central = Task { [rig, counters] in
            for await event in rig.central.events {
                if case .notification = event { counters.update { $0.notifications += 1 } }
            }
        }
        return [peripheral, central]
    }

    /// Runs connection cycles until the task is cancelled; a failed cycle is counted and reported on stderr.
    func run() async {
        var number = 0
        while !Task.isCancelled {
            do {
                try await cycle(number)
            } catch {
                guard !Task.isCancelled else { return }
                counters.update { $0.failures += 1 }
                FileHandle.standardError.write(Data("bluetooth soak: connection \(number): \(error)\n".utf8))
            }
            number += 1
        }
    }

    private func cycle(_ number: Int) async throws {
        let link = try await connect(number)
        counters.update { $0.connections += 1 }
        let fresh = await rig.central.bond(for: link.peerAddress) == nil
        _ = try await rig.central.pair(link.handle)
        counters.update { fresh ? ($0.pairings += 1) : ($0.encryptions += 1) }
        let database = try await rig.central.discoverDatabase(on: link.handle).database
        guard
            let echo = database.services.first(where: { $0.service.uuid == BenchRig.service })?.characteristics?
                .first(where: { $0.characteristic.uuid == BenchRig.echo })?.characteristic
        else { throw BenchError.setUp("the echo characteristic was not discovered") }
        try await rig.central.configureUpdates(.notification, of: echo, on: link.handle)
        let clock = ContinuousClock()
        let end = clock.now + connectionTime
        var round: UInt8 = 0
        while clock.now < end, !Task.isCancelled {
            round &+= 1
            try await rig.central.write([round], to: echo.valueHandle, on: link.handle)
            await rig.peripheral.updateValue([round], for: echo.valueHandle)
            try await Task.sleep(for: pace)
        }
        let centralAddress = await rig.peripheral.links.first?.peerAddress
        try await rig.central.disconnect(link.handle)
        if number % 2 == 1 {
            try await forgetBonds(centralAddress: centralAddress, peripheralAddress: link.peerAddress)
        }
    }

    /// The first connection is the rig's own; later ones advertise again and reconnect.
    private func connect(_ number: Int) async throws -> HostLink {
        guard number > 0 else { return rig.link }
        try await rig.peripheral.startAdvertising(AdvertisementContent(localName: "Soak"))
        return try await rig.central.connect(
            to: rig.link.peerAddress, type: rig.link.peerAddressType, timeout: .seconds(10))
    }

    /// Drops the bond on both sides, so that the next connection pairs from scratch.
    private func forgetBonds(centralAddress: BluetoothAddress?, peripheralAddress: BluetoothAddress) async throws {
        try await rig.central.removeBond(peripheralAddress)
        if let centralAddress { try await rig.peripheral.removeBond(centralAddress) }
    }
}
