import Foundation

@testable import CoreBluetooth

extension FuzzTarget {
    /// A restoration file's contents, read as a peripheral manager's or a central manager's saved state (the
    /// first byte chooses) and turned into what the manager would restore.
    static let restoration = FuzzTarget(name: "restoration") { bytes in
        guard let role = bytes.first else { return }
        let data = Data(bytes.dropFirst())
        if role & 1 == 0 {
            guard let state = try? JSONDecoder().decode(PeripheralRestorationState.self, from: data) else { return }
            _ = try? state.makeServices()
            _ = try? state.advertisementData()
        } else {
            _ = try? JSONDecoder().decode(CentralRestorationState.self, from: data)
        }
    }
}
