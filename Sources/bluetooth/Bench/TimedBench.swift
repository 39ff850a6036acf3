import Foundation
import HCI
import VirtualRadio

/// `bluetooth bench --air timed`: on a timed air in this process, a bare-HCI peripheral floods a bare-HCI central
/// with ATT notifications (each filling one data PDU) for a given PHY, data length and connection interval, and
/// the central then times ATT reads; each row sets the measured throughput beside ``TimedAirTheory``.
enum TimedBench {
    /// One configuration's figures.
    struct Row {
        var theory: TimedAirTheory
        var measuredKilobitsPerSecond: Double
        /// Mean read round trip, in connection intervals.
        var roundTripIntervals: Double
        /// Shortest and longest read round trip, in connection intervals.
        var roundTripRange: ClosedRange<Double>

        var ratio: Double { measuredKilobitsPerSecond / theory.kilobitsPerSecond }

        var line: String {
            String(
                format: "| %@ | %d | %.1f | %d | %.1f | %.1f | %.1f%% | %.2f (%.2f–%.2f) |",
                theory.phy.rawValue, theory.requestedOctets, Double(theory.interval.microseconds) / 1000,
                theory.octetsPerPDU, theory.kilobitsPerSecond, measuredKilobitsPerSecond, ratio * 100,
                roundTripIntervals, roundTripRange.lowerBound, roundTripRange.upperBound)
        }

        var fields: [String: String] {
            [
                "phy": theory.phy.rawValue, "dataLength": String(theory.requestedOctets),
                "intervalMs": String(format: "%.2f", Double(theory.interval.microseconds) / 1000),
                "octetsPerPDU": String(theory.octetsPerPDU),
                "theoryKbps": String(format: "%.1f", theory.kilobitsPerSecond),
                "measuredKbps": String(format: "%.1f", measuredKilobitsPerSecond),
                "percentOfTheory": String(format: "%.1f", ratio * 100),
                "readRoundTripIntervals": String(format: "%.2f", roundTripIntervals),
            ]
        }
    }

    /// The table's header, in Markdown.
    static let header = """
        | PHY | data length | interval (ms) | octets/PDU | theory (kb/s) | measured (kb/s) | of theory | read round trip (intervals, min–max) |
        |---|---|---|---|---|---|---|---|
        """

    static let intervals: [Duration] = [.microseconds(7500), .milliseconds(30), .milliseconds(100)]
    static let peripheralAddress = BluetoothAddress(rawValue: 0xC0DE_7100_0001)
    static let centralAddress = BluetoothAddress(rawValue: 0xC0DE_7100_0002)
    /// The attribute handle the notifications and reads name.
    static let attribute: UInt16 = 0x0003

    /// Measures one configuration over `events` connection events and `reads` read round trips.
    static func measure(_ theory: TimedAirTheory, events: Int, reads: Int) async throws -> Row {
        let air = Air(timing: .timed)
        let configuration = VirtualControllerConfiguration(aclBufferCount: 255, hostQueueCapacity: 4096)
        let centralController = await air.makeController(configuration: configuration)
        let peripheralController = await air.makeController(configuration: configuration)
        defer {
            Task {
                await centralController.close()
                await peripheralController.close()
            }
        }
        let handles = try await connect(HCIClient(centralController), HCIClient(peripheralController), theory)
        let count = theory.exchangesPerEvent * (events + 1)
        let length = theory.notificationLength
        let responder = Task {
            try await serve(
                HCIClient(peripheralController), handle: handles.peripheral, notifications: count, length: length)
        }
        let central = HCIClient(centralController)
        let measured = try await receiveNotifications(central, count: count, length: length, theory: theory)
        let trips = try await roundTrips(central, handle: handles.central, reads: reads, interval: theory.interval)
        responder.cancel()
        let intervals = trips.map { $0.seconds / theory.interval.seconds }
        return Row(
            theory: theory, measuredKilobitsPerSecond: measured,
            roundTripIntervals: intervals.reduce(0, +) / Double(max(intervals.count, 1)),
            roundTripRange: (intervals.min() ?? 0)...(intervals.max() ?? 0))
    }

    /// Connects the two, sets the peripheral's data length (waiting until it applies) and both PHYs, and returns
    /// the handles.
    private static func connect(
        _ central: HCIClient, _ peripheral: HCIClient, _ theory: TimedAirTheory
    ) async throws -> (central: ConnectionHandle, peripheral: ConnectionHandle) {
        let leEvents: UInt64 = 1 << 0 | 1 << 2 | 1 << 6 | 1 << 11
        for (client, address) in [(central, centralAddress), (peripheral, peripheralAddress)] {
            try await client.execute(ResetCommand())
            try await client.execute(SetEventMaskCommand(eventMask: 1 << 4 | 1 << 61))
            try await client.execute(LESetEventMaskCommand(leEventMask: leEvents))
            try await client.execute(LESetRandomAddressCommand(randomAddress: address))
        }
        try await peripheral.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0x20, advertisingIntervalMax: 0x20, advertisingType: .connectableUndirected,
                ownAddressType: .random, peerAddressType: .public, peerAddress: .zero, advertisingChannelMap: 0x07,
                advertisingFilterPolicy: 0))
        try await peripheral.execute(LESetAdvertisingEnableCommand(enable: true))
        let units = UInt16(theory.interval.microseconds / 1250)
        try await central.start(
            LECreateConnectionCommand(
                scanInterval: 0x10, scanWindow: 0x10, initiatorFilterPolicy: 0, peerAddressType: .random,
                peerAddress: peripheralAddress, ownAddressType: .random, connectionIntervalMin: units,
                connectionIntervalMax: units, maxLatency: 0, supervisionTimeout: 0x0C80, minCELength: 0,
                maxCELength: 0))
        let centralHandle = try await connectionHandle(central)
        let peripheralHandle = try await connectionHandle(peripheral)
        if theory.requestedOctets > 27 {
            try await peripheral.execute(
                LESetDataLengthCommand(
                    handle: peripheralHandle, txOctets: UInt16(theory.requestedOctets), txTime: 2120))
            _ = try await peripheral.expect { event -> Bool? in
                if case .leMeta(.dataLengthChange) = event { return true }
                return nil
            }
        }
        let (phys, options): (PHYMask, UInt16) =
            switch theory.phy {
            case .le1M: (.le1M, 0)
            case .le2M: (.le2M, 0)
            case .codedS2: (.leCoded, 1)
            case .codedS8: (.leCoded, 2)
            }
        if theory.phy != .le1M {
            try await central.start(
                LESetPHYCommand(
                    handle: centralHandle, allPHYs: 0, txPHYs: phys, rxPHYs: phys, phyOptions: options))
            _ = try await central.expect { event -> Bool? in
                if case .leMeta(.phyUpdateComplete) = event { return true }
                return nil
            }
        }
        return (centralHandle, peripheralHandle)
    }

    private static func connectionHandle(_ client: HCIClient) async throws -> ConnectionHandle {
        let complete = try await client.expect { event -> LEConnectionCompleteEvent? in
            if case .leMeta(.connectionComplete(let e)) = event { return e }
            return nil
        }
        guard complete.status.isSuccess else { throw BenchError.setUp("connection failed: \(complete.status)") }
        return complete.handle
    }

    /// The peripheral: sends `notifications` notifications as fast as its buffers allow, then answers every
    /// read request with a 20-octet value, until cancelled.
    private static func serve(
        _ peripheral: HCIClient, handle: ConnectionHandle, notifications: Int, length: Int
    ) async throws {
        let value = Array(repeating: UInt8(0x5A), count: length)
        let notification = frame([0x1B] + attribute.littleEndianBytes + value)
        let response = frame([0x0B] + Array(repeating: 0xA5, count: 20))
        var sent = 0
        var inFlight = 0
        while sent < notifications, inFlight < 255 {
            try await peripheral.transport.send(
                .acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: notification)))
            sent += 1
            inFlight += 1
        }
        while !Task.isCancelled, let packet = try await peripheral.next() {
            switch packet {
            case .event(let raw):
                guard case .numberOfCompletedPackets(let completed)? = try? KnownEvent(raw) else { continue }
                inFlight -= completed.entries.reduce(0) { $0 + Int($1.completedPackets) }
                while sent < notifications, inFlight < 255 {
                    try await peripheral.transport.send(
                        .acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: notification)))
                    sent += 1
                    inFlight += 1
                }
            case .acl(let data) where data.data.count > 4 && data.data[4] == 0x0A:
                try await peripheral.transport.send(
                    .acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: response)))
            default:
                continue
            }
        }
    }

    /// The central: counts the notifications; throughput runs from the first event's delivery to the last's.
    private static func receiveNotifications(
        _ central: HCIClient, count: Int, length: Int, theory: TimedAirTheory
    ) async throws -> Double {
        let clock = ContinuousClock()
        var first: ContinuousClock.Instant?
        var last = clock.now
        var received = 0
        var inFirstEvent = 0
        while received < count, let packet = try await central.next() {
            guard case .acl = packet else { continue }
            let now = clock.now
            received += 1
            if first == nil { first = now }
            if let first, now - first < theory.interval / 2 { inFirstEvent += 1 }
            last = now
        }
        guard let first, last > first else { throw BenchError.setUp("no notifications arrived") }
        return Double((received - inFirstEvent) * length * 8) / (last - first).seconds / 1000
    }

    /// The central: times `reads` ATT reads, each started at a random point of the interval.
    private static func roundTrips(
        _ central: HCIClient, handle: ConnectionHandle, reads: Int, interval: Duration
    ) async throws -> [Duration] {
        let clock = ContinuousClock()
        let request = frame([0x0A] + attribute.littleEndianBytes)
        var trips: [Duration] = []
        for _ in 0..<reads {
            try await Task.sleep(for: interval * Double.random(in: 0..<1))
            let start = clock.now
            try await central.transport.send(
                .acl(ACLDataPacket(handle: handle, boundary: .firstNonFlushable, data: request)))
            while let packet = try await central.next() {
                if case .acl(let data) = packet, data.data.count > 4, data.data[4] == 0x0B { break }
            }
            trips.append(clock.now - start)
        }
        return trips
    }

    /// An L2CAP basic frame on the ATT channel.
    private static func frame(_ pdu: [UInt8]) -> [UInt8] {
        UInt16(pdu.count).littleEndianBytes + UInt16(0x0004).littleEndianBytes + pdu
    }
}

extension UInt16 {
    fileprivate var littleEndianBytes: [UInt8] { [UInt8(self & 0xFF), UInt8(self >> 8)] }
}
