import Foundation
import Glibc
import HCI
import Testing

@testable import Host

/// A pid far above any the kernel hands out (pid_max is at most 2^22), standing for a process that died.
private let deadProcess: pid_t = 0x7FFF_FF00

private let adapter = BluetoothAddress(rawValue: 0x00_1B_DC_0A_0B_0D)
private let peer = IdentityAddress(type: .random, address: BluetoothAddress(rawValue: 0xC1_2233_4455_77))

private func bond(key: UInt128) -> Bond {
    Bond(
        peerAddress: peer, peerIdentityResolvingKey: key ^ 0xFF, longTermKey: LongTermKey(value: key),
        isAuthenticated: true, isSecureConnections: true,
        localKeys: DistributedKeys(identityResolvingKey: key ^ 0xF0))
}

@Suite("A bond file write cut short by a crash at each step", .timeLimit(.minutes(1)))
struct BondFileCrashTests {
    @Test(
        "after a crash at any step of replacing the bond file, it reads back as the old bonds or the new ones whole, and the crashed write's temporary file is cleaned up",
        arguments: ReplaceInterruption.allCases)
    func crash(at step: ReplaceInterruption) throws {
        let directory = NSTemporaryDirectory() + "/bondcrash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = bond(key: 0x1111), new = bond(key: 0x2222)
        var store = BondStore(adapter: adapter, directory: directory)
        try store.save(old)
        ReplaceInterruption.planned.withLock { $0[store.path] = step }
        try store.save(new)
        ReplaceInterruption.planned.withLock { $0[store.path] = nil }

        let leftover = "\(store.path).tmp-\(getpid())"
        let renamed = step == .renamed
        #expect(access(leftover, F_OK) == (renamed ? -1 : 0), "the crashed write's temporary file")
        if !renamed { #expect(rename(leftover, "\(store.path).tmp-\(deadProcess)") == 0) }

        var reopened = BondStore(adapter: adapter, directory: directory)
        try reopened.load()
        #expect(reopened.all() == [renamed ? new : old])
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files == ["\(adapter).json"])
        try reopened.save(new)
        var again = BondStore(adapter: adapter, directory: directory)
        try again.load()
        #expect(again.all() == [new])
    }

    @Test("a temporary file of a process still running is left alone")
    func liveTemporaryKept() throws {
        let directory = NSTemporaryDirectory() + "/bondcrash-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var store = BondStore(adapter: adapter, directory: directory)
        try store.save(bond(key: 0x3333))
        let live = "\(store.path).tmp-1"
        #expect(FileManager.default.createFile(atPath: live, contents: Data([0x7B])))
        try store.load()
        #expect(access(live, F_OK) == 0)
        #expect(store.all() == [bond(key: 0x3333)])
    }
}
