import Foundation
import Synchronization
import Testing

@testable import CoreBluetooth

@Suite("L2CAP channels between a central and a peripheral manager", .serialized, .timeLimit(.minutes(1)))
struct L2CAPChannelTests {
    @Test("a published PSM opens on both sides and carries payloads far beyond the MTU and the credits both ways")
    func roundTrip() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        #expect((0x80...0xFF).contains(psm))

        let (opened, error) = try await l2cap.open(psm)
        #expect(error == nil)
        let central = try #require(opened)
        let peripheral = try await l2cap.accepted()
        #expect(central.psm == psm)
        #expect(peripheral.psm == psm)
        #expect(l2cap.pair.onCentralQueue { central.channel.peer === l2cap.pair.peripheral })
        #expect(peripheral.channel.peer is CBCentral)

        let upstream = Data.pattern(64 * 1024, seed: 1)
        let downstream = Data.pattern(48 * 1024 + 17, seed: 2)
        #expect(upstream.count > 10 * L2CAPChannelCore.configuration.mtu.asInt)
        await L2CAPPair.exchange(upstream, from: central, downstream, from: peripheral)
        #expect(peripheral.seen.received == upstream)
        #expect(central.seen.received == downstream)

        for endpoint in [central, peripheral] {
            let seen = endpoint.seen
            #expect(seen.offThreadEvents == 0, "stream events arrive on the run loop the streams are scheduled on")
            #expect(seen.inputEvents.first == .openCompleted)
            #expect(seen.inputEvents.contains(.hasBytesAvailable))
            #expect(seen.outputEvents.first == .openCompleted)
            #expect(seen.outputEvents.contains(.hasSpaceAvailable))
            #expect(seen.mostBuffered <= L2CAPChannelCore.receiveCapacity)
        }
    }

    @Test("a PSM that is not published is refused, and unpublishing one makes it refused")
    func refusedPSM() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let (never, refusal) = try await l2cap.open(0xF0)
        #expect(never == nil)
        #expect(refusal == .connectionFailed)

        let psm = try await l2cap.publish()
        l2cap.pair.sensor.onQueue { l2cap.pair.sensor.manager.unpublishL2CAPChannel(psm) }
        guard case .unpublished(psm, nil) = try #require(await l2cap.managerEvents.next()) else {
            Issue.record("the channel was not unpublished")
            return
        }
        let (unpublished, error) = try await l2cap.open(psm)
        #expect(unpublished == nil)
        #expect(error == .connectionFailed)
    }

    @Test("a channel published with encryption makes the central pair, then opens")
    func encryptionRequired() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish(withEncryption: true)
        let (opened, error) = try await l2cap.open(psm)
        #expect(error == nil)
        let central = try #require(opened)
        let peripheral = try await l2cap.accepted()
        central.send(Data("after pairing".utf8))
        await peripheral.until { $0.received.count >= 13 }
        #expect(peripheral.seen.received == Data("after pairing".utf8))
    }

    @Test("a disconnection ends both streams on both sides: reads return 0 and writes fail")
    func disconnectionEndsStreams() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.thread.stop() }
        let psm = try await l2cap.publish()
        let central = try #require(try await l2cap.open(psm).0)
        let peripheral = try await l2cap.accepted()
        central.send(Data("hello".utf8))
        await peripheral.until { $0.received.count == 5 }

        l2cap.pair.disconnect()
        for endpoint in [central, peripheral] {
            await endpoint.until {
                $0.inputEvents.contains(.endEncountered) && $0.outputEvents.contains(.endEncountered)
                    && $0.readAfterEnd != nil && $0.writeAfterEnd != nil
            }
            let seen = endpoint.seen
            #expect(seen.readAfterEnd == 0)
            #expect(seen.writeAfterEnd == -1)
            #expect(endpoint.channel.inputStream.streamStatus == .atEnd)
            #expect(endpoint.channel.outputStream.streamStatus == .atEnd)
        }
    }

    @Test("a peer that stops reading holds the sender back: buffered input never exceeds the credit bound")
    func boundedWhenNotReading() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        let central = try #require(try await l2cap.open(psm).0)
        let peripheral = try await l2cap.accepted()
        peripheral.setReading(false)

        let payload = Data.pattern(96 * 1024, seed: 3)
        central.send(payload)
        await peripheral.until { $0.lastBuffered == L2CAPChannelCore.receiveCapacity }
        #expect(peripheral.seen.mostBuffered == L2CAPChannelCore.receiveCapacity)
        #expect(central.seen.written < payload.count, "the sender's stream stopped taking bytes")
        #expect(central.seen.shortWrites > 0)

        peripheral.setReading(true)
        await peripheral.until { $0.received.count >= payload.count }
        #expect(peripheral.seen.received == payload)
        #expect(peripheral.seen.mostBuffered == L2CAPChannelCore.receiveCapacity)
    }

    @Test("closing both streams closes the channel: the peer's streams end")
    func closingStreamsClosesChannel() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        let central = try #require(try await l2cap.open(psm).0)
        let peripheral = try await l2cap.accepted()
        l2cap.thread.perform {
            central.channel.inputStream.close()
            central.channel.outputStream.close()
        }
        await peripheral.until { $0.inputEvents.contains(.endEncountered) && $0.outputEvents.contains(.endEncountered) }
        #expect(peripheral.seen.readAfterEnd == 0)
    }

    @Test("bytes written just before both streams close all reach the peer, and then the channel closes")
    func closingSendsWhatWasWritten() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        let central = try #require(try await l2cap.open(psm).0)
        let peripheral = try await l2cap.accepted()
        let payload = Data.pattern(L2CAPChannelCore.sendCapacity, seed: 4)
        let accepted = Mutex(-2)
        l2cap.thread.perform {
            let output = central.channel.outputStream!
            let count = [UInt8](payload).withUnsafeBufferPointer { output.write($0.baseAddress!, maxLength: $0.count) }
            accepted.withLock { $0 = count }
            central.channel.inputStream.close()
            output.close()
        }
        await peripheral.until { $0.inputEvents.contains(.endEncountered) }
        #expect(accepted.withLock { $0 } == payload.count, "the stream took every byte before it closed")
        #expect(peripheral.seen.received == payload)
    }

    @Test("closing only the output stream sends what it took, closes the channel and ends the input stream")
    func closingOutputClosesChannel() async throws {
        var l2cap = try await L2CAPPair.connect()
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        let central = try #require(try await l2cap.open(psm).0)
        let peripheral = try await l2cap.accepted()
        let payload = Data("last words".utf8)
        l2cap.thread.perform {
            let output = central.channel.outputStream!
            _ = [UInt8](payload).withUnsafeBufferPointer { output.write($0.baseAddress!, maxLength: $0.count) }
            output.close()
        }
        await peripheral.until { $0.inputEvents.contains(.endEncountered) }
        await central.until { $0.inputEvents.contains(.endEncountered) }
        #expect(peripheral.seen.received == payload)
        #expect(central.channel.inputStream.streamStatus == .atEnd)
    }
}

extension UInt16 {
    fileprivate var asInt: Int { Int(self) }
}
