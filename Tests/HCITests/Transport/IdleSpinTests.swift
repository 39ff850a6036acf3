import Testing

@testable import HCI

@Suite("Idle spin: spin while spins find work, back off while they come up empty")
struct IdleSpinTests {
    /// Which of the next `count` idle waits spin, each spin finding work or not as `finds` says.
    private func pattern(_ idleSpin: inout IdleSpin, count: Int, finds: Bool) -> [Bool] {
        (0..<count).map { _ in
            let spins = idleSpin.shouldSpin()
            if spins { idleSpin.spun(foundWork: finds) }
            return spins
        }
    }

    @Test("spins that find work keep every wait spinning")
    func fruitfulSpins() {
        var idleSpin = IdleSpin()
        #expect(pattern(&idleSpin, count: 20, finds: true).allSatisfy { $0 })
    }

    @Test("empty spins skip 1, then 3, then 7 waits, and 7 from then on; one that finds work ends the back-off")
    func backOff() {
        var idleSpin = IdleSpin()
        let empty = pattern(&idleSpin, count: 1 + 1 + 1 + 3 + 1 + 7 + 1 + 7, finds: false)
        let expected =
            [true, false, true] + Array(repeating: false, count: 3) + [true] + Array(repeating: false, count: 7)
            + [true] + Array(repeating: false, count: 7)
        let spinsAfterSkips = idleSpin.shouldSpin()
        idleSpin.spun(foundWork: true)
        #expect(empty == expected)
        #expect(spinsAfterSkips)
        #expect(pattern(&idleSpin, count: 5, finds: true).allSatisfy { $0 })
    }
}
