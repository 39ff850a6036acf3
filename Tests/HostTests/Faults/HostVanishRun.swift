import HCI
import Host
import HostTestSupport
import Testing

/// One run of a host-level procedure on a ``HostVanishRig``: what it sets up before the first counted step,
/// the call that is pending while the steps cross, and what must hold once the link is gone.
struct HostVanishRun {
    /// How the pending call ended.
    enum Outcome {
        case finished
        case failed(HostError)
        /// A channel procedure's outcome, told by the channel's close reason on the central.
        case channelClosed(CreditBasedChannelCloseReason)
    }

    static let oldValue: [UInt8] = Array(repeating: 0x0A, count: 30)
    static let newValue: [UInt8] = Array(repeating: 0x0B, count: 30)
    /// Longer than one K-frame at the default MPS, so the SDU crosses in several.
    static let sdu: [UInt8] = (0..<600).map { UInt8($0 & 0xFF) }

    let procedure: HostVanishProcedure
    let rig: HostVanishRig
    var links: HostVanishRig.Links
    /// The bonds each side held before the procedure, from a pairing that ran to its end.
    var oldBonds: (central: Bond, peripheral: Bond)?
    var writeHandles: [AttributeHandle] = []
    var channels: (central: L2CAPChannelID, peripheral: L2CAPChannelID)?

    /// Sets the procedure up: connected, bonded (for pairing and re-encryption, then the central forgets the
    /// bond so that it pairs afresh, or disconnects so that it re-encrypts on the next connection), values
    /// stored, channel open.
    static func prepare(_ procedure: HostVanishProcedure, on rig: HostVanishRig) async throws -> HostVanishRun {
        var links = try await rig.connectLinks()
        var run = HostVanishRun(procedure: procedure, rig: rig, links: links)
        switch procedure {
        case .reliableWrite:
            let database = await rig.peripheral.database
            let characteristics = database.services.flatMap(\.characteristics)
            run.writeHandles = try [GATTFixtures.echo, GATTFixtures.notes].map { uuid in
                try #require(characteristics.first { $0.uuid == uuid }?.valueHandle)
            }
            for handle in run.writeHandles { rig.values[handle] = oldValue }
        case .pairing, .reencryption:
            try await rig.pairAndBond(links)
            let central = try #require(await rig.central.bonds.first)
            let peripheral = try #require(await rig.peripheral.bonds.first)
            run.oldBonds = (central, peripheral)
            if case .pairing = procedure { try await rig.central.removeBond(central.peerAddress.address) }
            try await rig.disconnect(central: links.central.handle, peripheral: links.peripheral.handle)
            await rig.freshAgents()
            if case .pairing = procedure {
                links = try await rig.connectLinks()
                run.links = links
            }
        case .channelSend, .channelClose:
            run.channels = try await openChannel(rig, links)
        }
        return run
    }

    /// Opens a channel from the central to a service the peripheral publishes.
    static func openChannel(
        _ rig: HostVanishRig, _ links: HostVanishRig.Links
    ) async throws -> (central: L2CAPChannelID, peripheral: L2CAPChannelID) {
        let spsm = try await rig.peripheral.publishChannel()
        let opened = try await rig.central.openChannel(spsm: spsm, on: links.central.handle)
        let accepted = try await rig.peripheralEvents.next { event -> L2CAPChannelInfo? in
            guard case .channelOpened(let info) = event, info.connection == links.peripheral.handle else { return nil }
            return info
        }
        return (opened.localCID, accepted.localCID)
    }

    /// Starts the procedure and waits for its pending call to end.
    mutating func run() async throws -> Outcome {
        switch procedure {
        case .reliableWrite:
            let writes = writeHandles.map { GATTClientReliableWrite.Write(handle: $0, value: Self.newValue) }
            return await outcome { () async throws(HostError) in
                try await rig.central.reliableWrite(writes, on: links.central.handle)
            }
        case .pairing(_, let peripheralRequests):
            return await outcome { () async throws(HostError) in
                if peripheralRequests {
                    try await rig.peripheral.pair(links.peripheral.handle)
                } else {
                    try await rig.central.pair(links.central.handle)
                }
            }
        case .reencryption:
            let (outcome, links) = try await rig.connect()
            self.links = links
            switch outcome {
            case .success(let link):
                // The central reports the link once the bond's key encrypted it, so its Encryption Change came
                // first; the link itself may be gone already, since the cut can follow at once. Both events reach
                // the recorder after the call returns, so it waits for whichever comes first.
                let first = try await rig.centralEvents.firstEvent { event in
                    switch event {
                    case .encryptionChanged(link.handle, let security): security.level > .unencrypted
                    case .disconnected(link.handle, _): true
                    default: false
                    }
                }
                guard case .encryptionChanged = first else { return .failed(.notConnected(link.handle)) }
                return .finished
            case .failure(let error):
                return .failed(error)
            }
        case .channelSend:
            let (cid, peerCID) = try #require(channels)
            try await rig.central.send(Self.sdu, onChannel: cid, of: links.central.handle)
            let handle = links.peripheral.handle
            return try await rig.peripheralEvents.next { event -> Outcome? in
                switch event {
                case .channelData(handle, peerCID, let sdu): sdu == Self.sdu ? .finished : nil
                case .channelClosed(handle, peerCID, let reason): .channelClosed(reason)
                default: nil
                }
            }
        case .channelClose:
            let (cid, _) = try #require(channels)
            try await rig.central.closeChannel(cid, of: links.central.handle)
            let handle = links.central.handle
            return try await rig.centralEvents.next { event -> Outcome? in
                guard case .channelClosed(handle, cid, let reason) = event else { return nil }
                return reason == .localRequest ? .finished : .channelClosed(reason)
            }
        }
    }

    private func outcome(_ body: () async throws(HostError) -> Void) async -> Outcome {
        do throws(HostError) {
            try await body()
            return .finished
        } catch {
            return .failed(error)
        }
    }

    /// Checks what the fault left once the link is down on both sides: the server applied all of a reliable
    /// write or none of it, no channel delivered part of an SDU, and each bond store holds, on disk as in memory,
    /// the old bond, none, or a new complete one: never a partial bond or a stray temporary file.
    func checkAftermath() async throws {
        switch procedure {
        case .reliableWrite:
            let stored = writeHandles.map { rig.values[$0] }
            #expect(
                stored == [Self.oldValue, Self.oldValue] || stored == [Self.newValue, Self.newValue],
                "the server applied part of a reliable write: \(stored)")
        case .channelSend:
            let delivered = rig.peripheralEvents.pending.compactMap { event -> [UInt8]? in
                guard case .channelData(links.peripheral.handle, _, let sdu) = event else { return nil }
                return sdu
            }
            #expect(delivered.allSatisfy { $0 == Self.sdu }, "the channel delivered part of an SDU")
        case .pairing, .reencryption:
            try await checkBonds()
        case .channelClose:
            break
        }
    }

    private func checkBonds() async throws {
        let old = try #require(oldBonds)
        let disk = try rig.bondsOnDisk()
        #expect(disk.central.holdsOnlyBondFiles, "central's bond directory: \(disk.central.files)")
        #expect(disk.peripheral.holdsOnlyBondFiles, "peripheral's bond directory: \(disk.peripheral.files)")
        #expect(disk.central.bonds == (await rig.central.bonds))
        #expect(disk.peripheral.bonds == (await rig.peripheral.bonds))
        #expect(disk.central.bonds.count <= 1 && disk.peripheral.bonds.count <= 1)
        for bond in disk.central.bonds {
            #expect(bond.isComplete(like: old.central), "the central holds a partial bond: \(bond)")
        }
        for bond in disk.peripheral.bonds {
            #expect(
                bond == old.peripheral || bond.isComplete(like: old.peripheral),
                "the peripheral holds a partial bond: \(bond)")
        }
        if procedure == .reencryption {
            #expect(disk.central.bonds.map(\.longTermKey) == [old.central.longTermKey])
            #expect(disk.peripheral.bonds.map(\.localKeys) == [old.peripheral.localKeys])
        }
    }

    /// Connects again with nothing cut and checks that ATT, L2CAP channels and pairing all work on the new link.
    func checkNextConnection() async throws {
        rig.transport.disarm()
        await rig.freshAgents()
        for bond in await rig.central.bonds { try await rig.central.removeBond(bond.peerAddress.address) }
        let links = try await rig.connectLinks()
        let value = try await rig.central.read(try #require(await longHandle()), on: links.central.handle)
        #expect(value == GATTFixtures.longValue)
        let channels = try await Self.openChannel(rig, links)
        try await rig.central.send([1, 2, 3], onChannel: channels.central, of: links.central.handle)
        let received = try await rig.peripheralEvents.next { event -> [UInt8]? in
            guard case .channelData(links.peripheral.handle, channels.peripheral, let sdu) = event else { return nil }
            return sdu
        }
        #expect(received == [1, 2, 3])
        try await rig.pairAndBond(links)
        #expect(await rig.central.bonds.count == 1)
        #expect(await rig.peripheral.bonds.count == 1)
        try await rig.disconnect(central: links.central.handle, peripheral: links.peripheral.handle)
    }

    private func longHandle() async -> AttributeHandle? {
        await rig.peripheral.database.services.flatMap(\.characteristics).first { $0.uuid == GATTFixtures.long }?
            .valueHandle
    }
}
