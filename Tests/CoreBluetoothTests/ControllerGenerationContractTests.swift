import Foundation
import Testing
import VirtualRadio

@testable import CoreBluetooth

/// The CoreBluetooth contract on each controller generation (`CBManagerOptionVirtualControllerKey`): a central
/// manager and a peripheral manager, each on a virtual controller of that generation, so the host runs both roles
/// on it. A 4.0 controller has four shared 27-byte ACL buffers, no data length extension and only LE Connection
/// Complete; a 4.2 one no 2M PHY nor extended advertising; everything here works on all four.
@Suite("CoreBluetooth on a 4.0, 4.2, 5.0 and 5.3 controller", .serialized, .timeLimit(.minutes(1)))
struct ControllerGenerationContractTests {
    static let generations = ControllerGeneration.allCases.map(\.rawValue)

    private static func options(_ generation: String) -> [String: Any] {
        [CBManagerOptionVirtualControllerKey: generation]
    }

    @Test("the option starts the manager's host on a virtual controller of that generation", arguments: generations)
    func launchesTheGeneration(_ generation: String) async throws {
        let launch = try ManagerHost.launch(options: Self.options(generation))
        let host = try await ManagerHost.start(launch)
        let configuration = try #require(ControllerGeneration(rawValue: generation)).configuration
        #expect(host.controllerInfo.version.hciVersion == configuration.version.hciVersion)
        #expect(host.controllerInfo.aclBufferLength == Int(configuration.aclBufferLength))
        await host.stop()
    }

    @Test(
        "discovery, a 512-byte long read, a write, the MTU and notifications as long as it allows",
        arguments: generations)
    func gatt(_ generation: String) async throws {
        var pair = try await ManagerPair.connect(options: Self.options(generation))
        defer { pair.disconnect() }
        let primary = try await pair.discoverAll()
        #expect(pair.onCentralQueue { primary.characteristics?.count } == 5)
        #expect(pair.onCentralQueue { primary.includedServices?.map(\.uuid) } == [PairDatabase.included])

        let long = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 * 7) })
        pair.sensor.onQueue {
            pair.sensor.delegate.answerReads { _ in long }
            pair.sensor.delegate.onWrite = { manager, requests in
                guard let first = requests.first else { return }
                manager.respond(to: first, withResult: .success)
            }
        }
        let dynamic = try pair.characteristic(PairDatabase.dynamic, in: primary)
        pair.onCentralQueue { pair.peripheral.readValue(for: dynamic) }
        let read = try await pair.events.next { event -> Data?? in
            if case .valueUpdated("FFF2", let value, nil) = event { return .some(value) }
            return nil
        }
        #expect(read == long)

        let writable = try pair.characteristic(PairDatabase.writable, in: primary)
        let written = Data((0..<100).map { UInt8($0) })
        pair.onCentralQueue { pair.peripheral.writeValue(written, for: writable, type: .withResponse) }
        let writeError = try await pair.events.next { event -> ErrorSummary?? in
            if case .valueWritten("FFF3", let error) = event { return .some(error) }
            return nil
        }
        #expect(writeError == nil)
        let received = try await pair.sensor.delegate.next { event -> [PeripheralManagerEvent.WriteSeen]? in
            if case .write(let writes) = event { return writes }
            return nil
        }
        #expect(received.compactMap(\.value).reduce(Data(), +) == written)

        let mtuPayload = pair.onCentralQueue { pair.peripheral.maximumWriteValueLength(for: .withoutResponse) }
        #expect(mtuPayload > 20, "the MTU exchange raised the ATT MTU above 23")
        let notifying = try pair.characteristic(PairDatabase.notifying, in: primary)
        pair.onCentralQueue { pair.peripheral.setNotifyValue(true, for: notifying) }
        let length = try await pair.sensor.delegate.next { event -> Int? in
            if case .subscribed(PairDatabase.notifying, _, let length, subscribers: 1) = event { return length }
            return nil
        }
        #expect(length == mtuPayload, "both sides agree on the MTU")
        let value = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 ^ 0x5A) })
        while !pair.sensor.onQueue({
            pair.sensor.manager.updateValue(value, for: pair.database.notifying, onSubscribedCentrals: nil)
        }) {
            _ = try await pair.sensor.delegate.next { event -> Bool? in event == .readyToUpdate ? true : nil }
        }
        let notified = try await pair.events.next { event -> Data? in
            if case .valueUpdated("FFF4", let value?, nil) = event { return value }
            return nil
        }
        #expect(notified == value)
    }

    /// Reads the encryption-required characteristic of `service` and returns what the central got.
    private static func readEncrypted(
        in service: CBService, _ pair: inout ManagerPair
    ) async throws -> (value: Data?, error: ErrorSummary?) {
        let encrypted = try pair.characteristic(PairDatabase.encrypted, in: service)
        pair.onCentralQueue { pair.peripheral.readValue(for: encrypted) }
        return try await pair.events.next { event -> (Data?, ErrorSummary?)? in
            if case .valueUpdated("FFF5", let value, let error) = event { return (value, error) }
            return nil
        }
    }

    @Test(
        "an encrypted read pairs with Just Works; after a reconnection the bond encrypts the link and the read succeeds",
        arguments: generations)
    func pairingAndBondedReconnection(_ generation: String) async throws {
        var pair = try await ManagerPair.connect(options: Self.options(generation))
        let primary = try await pair.discoverAll()
        let first = try await Self.readEncrypted(in: primary, &pair)
        #expect(first.error == nil && first.value == PairDatabase.encryptedValue)

        pair.disconnect()
        _ = try await pair.events.next { event -> Bool? in
            if case .disconnected = event { return true }
            return nil
        }
        try await CentralFixture.connect(pair.peripheral, with: pair.central, pair.recorder, &pair.events)
        let again = try await pair.discoverAll()
        let second = try await Self.readEncrypted(in: again, &pair)
        #expect(second.error == nil && second.value == PairDatabase.encryptedValue)
        pair.disconnect()
    }

    @Test(
        "an L2CAP credit-based channel opens and carries data both ways: a host feature, so 4.0 carries it too",
        arguments: generations)
    func l2capChannel(_ generation: String) async throws {
        var l2cap = try await L2CAPPair.connect(options: Self.options(generation))
        defer { l2cap.stop() }
        let psm = try await l2cap.publish()
        let (opened, error) = try await l2cap.open(psm)
        #expect(error == nil)
        let central = try #require(opened)
        let peripheral = try await l2cap.accepted()
        let upstream = Data.pattern(4096, seed: 3)
        let downstream = Data.pattern(3000, seed: 4)
        await L2CAPPair.exchange(upstream, from: central, downstream, from: peripheral)
        #expect(peripheral.seen.received == upstream)
        #expect(central.seen.received == downstream)
    }
}
