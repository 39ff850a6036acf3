import CoreBluetooth
import Foundation
import Testing

/// Where the VM suite's guest is: the host's side of the sim its adapter is on, and the name it advertises.
enum BlueZGuest {
    static let transport = ProcessInfo.processInfo.environment["BLUEZ_VM_TRANSPORT"]
    static let name = ProcessInfo.processInfo.environment["BLUEZ_VM_PERIPHERAL"] ?? "BlueZGATT"
}

/// An app's `CBCentralManager` against a BlueZ peripheral: bluetoothd's own GATT server in the VM suite's guest,
/// advertising through the kernel. Runs only inside the VM suite (`.ci/vm/suite.sh h`), which sets
/// `BLUEZ_VM_TRANSPORT` to the host's side of the sim the guest's adapter is on and `BLUEZ_VM_PERIPHERAL` to the
/// name the guest advertises.
@Suite(
    "Our CBCentralManager against BlueZ in the VM suite's guest",
    .enabled(if: BlueZGuest.transport != nil, "runs in the VM suite (BLUEZ_VM_TRANSPORT is not set)"),
    .timeLimit(.minutes(2)))
struct BlueZPeripheralTests {
    @Test("scans for bluetoothd, connects, discovers its services, reads the PnP ID and subscribes to Service Changed")
    func exploresBlueZ() async throws {
        let delegate = CentralDelegateStream()
        let manager = CBCentralManager(
            delegate: delegate, queue: delegate.queue,
            options: [CBManagerOptionTransportKey: BlueZGuest.transport ?? ""])
        let peripheral = try await delegate.connect(to: BlueZGuest.name, with: manager)
        defer { delegate.queue.sync { manager.cancelPeripheralConnection(peripheral) } }

        delegate.queue.sync { peripheral.discoverServices(nil) }
        let discoveryError = try await delegate.next { event -> String?? in
            if case .servicesDiscovered(let error) = event { return .some(error) }
            return nil
        }
        #expect(discoveryError == nil)
        let services = delegate.queue.sync { peripheral.services ?? [] }
        #expect(Set(services.map(\.uuid)).isSuperset(of: [CBUUID(string: "1800"), CBUUID(string: "1801")]))
        let deviceInformation = try #require(services.first { $0.uuid == CBUUID(string: "180A") })
        let genericAttribute = try #require(services.first { $0.uuid == CBUUID(string: "1801") })
        delegate.queue.sync {
            peripheral.discoverCharacteristics(nil, for: deviceInformation)
            peripheral.discoverCharacteristics(nil, for: genericAttribute)
        }
        for _ in 0..<2 {
            let error = try await delegate.next { event -> String?? in
                if case .characteristicsDiscovered(_, let error) = event { return .some(error) }
                return nil
            }
            #expect(error == nil)
        }

        let pnpID = try #require(
            delegate.queue.sync { deviceInformation.characteristics?.first { $0.uuid == CBUUID(string: "2A50") } })
        delegate.queue.sync { peripheral.readValue(for: pnpID) }
        let (value, readError) = try await delegate.next { event -> (Data?, String?)? in
            if case .valueUpdated(CBUUID(string: "2A50"), let value, let error) = event { return (value, error) }
            return nil
        }
        #expect(readError == nil)
        #expect(value?.count == 7, "a PnP ID is a vendor ID source, vendor, product and version: 7 bytes")

        let serviceChanged = try #require(
            delegate.queue.sync { genericAttribute.characteristics?.first { $0.uuid == CBUUID(string: "2A05") } })
        #expect(serviceChanged.properties.contains(.indicate))
        delegate.queue.sync { peripheral.setNotifyValue(true, for: serviceChanged) }
        let (notifying, subscribeError) = try await delegate.next { event -> (Bool, String?)? in
            if case .notificationState(CBUUID(string: "2A05"), let notifying, let error) = event {
                return (notifying, error)
            }
            return nil
        }
        #expect(subscribeError == nil)
        #expect(notifying)
    }
}
