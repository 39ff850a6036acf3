import HCI
import Testing

@testable import VirtualRadio

@Suite("The timed link layer of one connection", .timeLimit(.minutes(1)))
struct LinkLayerTests {
    /// 7.5 ms interval, no latency, 1 s supervision timeout.
    static let parameters = ConnectionParameters(interval: 6, latency: 0, supervisionTimeout: 100)
    static let handle = ConnectionHandle(rawValue: 0x0040)

    static func pdus(_ count: Int, size: Int, tag: UInt8 = 0) -> [DataPDU] {
        (0..<count).map { index in
            DataPDU(
                fragment: ACLDataPacket(
                    handle: handle, boundary: .firstFlushable,
                    data: [tag, UInt8(index)] + Array(repeating: 0, count: size - 2)),
                endsHostPacket: true)
        }
    }

    static func run(
        _ layer: inout LinkLayer, loss: inout PacketLoss, canReceive: (LinkSide) -> Bool = { _ in true }
    ) -> LinkLayer.Outcome {
        layer.runEvent(micLength: 0, loss: &loss, canReceive: canReceive)
    }

    @Test(
        "Airtime follows the PHY: 80 µs for an empty 1M packet, 2088 µs for 251 octets, 44 µs on 2M, 720 µs coded S=8")
    func airtimes() {
        #expect(RadioPHY.le1M.airtime(payload: 0) == .microseconds(80))
        #expect(RadioPHY.le1M.airtime(payload: 251) == .microseconds(2088))
        #expect(RadioPHY.le2M.airtime(payload: 0) == .microseconds(44))
        #expect(RadioPHY.le2M.airtime(payload: 251) == .microseconds(1048))
        #expect(RadioPHY.codedS8.airtime(payload: 0) == .microseconds(720))
        #expect(RadioPHY.codedS2.airtime(payload: 0) == .microseconds(462))
    }

    @Test("A PDU carries what the data length allows within its time; on LE Coded the time is at least 2704 µs")
    func octetsWithinTime() {
        #expect(RadioPHY.le1M.octets(within: .microseconds(328)) == 31)
        #expect(RadioPHY.le1M.octets(within: .microseconds(2120)) == 251)
        #expect(RadioPHY.codedS8.octets(within: .microseconds(2120)) == 31)
        #expect(RadioPHY.codedS2.octets(within: .microseconds(2120)) == 140)
    }

    @Test("Connection events come at anchor points one interval apart, from the first anchor")
    func anchorPoints() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .microseconds(1250))
        var loss = PacketLoss(rate: 0, seed: 1)
        var anchors: [Duration] = []
        for _ in 0..<4 {
            anchors.append(layer.nextAnchor)
            _ = Self.run(&layer, loss: &loss)
        }
        #expect(anchors == [1250, 8750, 16250, 23750].map { .microseconds($0) })
        #expect(layer.eventCounter == 4)
    }

    @Test("An event holds as many 251-octet exchanges as end before the next anchor; the rest wait for the next")
    func eventLengthCutOff() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var loss = PacketLoss(rate: 0, seed: 1)
        layer.enqueue(Self.pdus(10, size: 251), from: .peripheral)
        // One exchange: 80 µs empty + 150 µs + 2088 µs data + 150 µs = 2468 µs; three end by 7350 µs.
        let first = Self.run(&layer, loss: &loss)
        #expect(first.delivered.count == 3 && first.exchanges == 3)
        #expect(first.freed[.peripheral] == 3)
        #expect(layer.queued(.peripheral) == 7)
        let second = Self.run(&layer, loss: &loss)
        #expect(second.delivered.map { $0.fragment.data[1] } == [3, 4, 5])
    }

    @Test("Data the host hands over after an event began waits for the next event")
    func causality() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .milliseconds(10))
        var loss = PacketLoss(rate: 0, seed: 1)
        var late = Self.pdus(1, size: 27)
        late[0].queuedAt = .milliseconds(10) + .microseconds(1)
        layer.enqueue(late, from: .central)
        #expect(Self.run(&layer, loss: &loss).delivered.isEmpty)
        #expect(Self.run(&layer, loss: &loss).delivered.count == 1)
    }

    @Test("The MD bit keeps an event open while either side has data; with none, one exchange of empty packets")
    func moreData() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var loss = PacketLoss(rate: 0, seed: 1)
        #expect(Self.run(&layer, loss: &loss).exchanges == 1)
        layer.enqueue(Self.pdus(2, size: 27, tag: 1), from: .central)
        layer.enqueue(Self.pdus(4, size: 27, tag: 2), from: .peripheral)
        let busy = Self.run(&layer, loss: &loss)
        #expect(busy.exchanges == 4)
        #expect(busy.delivered.filter { $0.receiver == .peripheral }.count == 2)
        #expect(busy.delivered.filter { $0.receiver == .central }.count == 4)
        #expect(Self.run(&layer, loss: &loss).exchanges == 1)
    }

    @Test("A peer that stops answering times the link out once the supervision timeout has passed, not before")
    func supervisionTimeout() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var loss = PacketLoss(rate: 0, seed: 1)
        _ = Self.run(&layer, loss: &loss)
        layer.leave(.peripheral)
        var events = 0
        while !Self.run(&layer, loss: &loss).timedOut { events += 1 }
        // Last heard 80 µs into event 0; the first anchor more than 1 s later is event 134 (1005 ms).
        #expect(events == 133)
    }

    @Test("Under total loss the link times out; under 30% loss every PDU arrives once, in order")
    func lossAndRetransmission() {
        var total = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var allLost = PacketLoss(rate: 1, seed: 1)
        var events = 1
        while !Self.run(&total, loss: &allLost).timedOut { events += 1 }
        #expect(events == 135)

        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var lossy = PacketLoss(rate: 0.3, seed: 42)
        layer.enqueue(Self.pdus(40, size: 27, tag: 1), from: .central)
        layer.enqueue(Self.pdus(40, size: 27, tag: 2), from: .peripheral)
        var toPeripheral: [UInt8] = []
        var toCentral: [UInt8] = []
        for _ in 0..<100 {
            let outcome = Self.run(&layer, loss: &lossy)
            #expect(!outcome.timedOut)
            for (receiver, fragment) in outcome.delivered {
                if receiver == .peripheral {
                    toPeripheral.append(fragment.data[1])
                } else {
                    toCentral.append(fragment.data[1])
                }
            }
        }
        #expect(toPeripheral == Array(0..<40))
        #expect(toCentral == Array(0..<40))
    }

    @Test("With peripheral latency the peripheral skips events it has nothing for; the central's data waits for it")
    func peripheralLatency() {
        var layer = LinkLayer(
            parameters: ConnectionParameters(interval: 6, latency: 3, supervisionTimeout: 100), firstAnchor: .zero)
        var loss = PacketLoss(rate: 0, seed: 1)
        _ = Self.run(&layer, loss: &loss)
        layer.enqueue(Self.pdus(1, size: 27), from: .central)
        let skipped = (0..<3).map { _ in Self.run(&layer, loss: &loss).delivered.count }
        #expect(skipped == [0, 0, 0])
        #expect(Self.run(&layer, loss: &loss).delivered.count == 1)
        layer.enqueue(Self.pdus(1, size: 27), from: .peripheral)
        #expect(Self.run(&layer, loss: &loss).delivered.count == 1, "a peripheral with data listens at once")
    }

    @Test("A change takes effect at its instant, six events on")
    func instant() {
        var layer = LinkLayer(parameters: Self.parameters, firstAnchor: .zero)
        var loss = PacketLoss(rate: 0, seed: 1)
        _ = Self.run(&layer, loss: &loss)
        let new = ConnectionParameters(interval: 40, latency: 0, supervisionTimeout: 200)
        #expect(layer.schedule(.parameters(new, notify: [.central])) == 7)
        var applied: [UInt16] = []
        for _ in 0..<8 {
            let counter = layer.eventCounter
            if !Self.run(&layer, loss: &loss).applied.isEmpty { applied.append(counter) }
        }
        #expect(applied == [7])
        #expect(layer.parameters == new)
        // Events 0-6 at 7.5 ms, event 7 at 52.5 ms, then 50 ms apart.
        #expect(layer.nextAnchor == .microseconds(52_500 + 50_000 * 2))
    }
}
