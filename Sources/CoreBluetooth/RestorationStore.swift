import Foundation
import Host

/// Keeps what a manager with a restore identifier was doing in a file, so that a manager made later with the same
/// identifier, in this process or another, hears it in its `willRestoreState` callback.
///
/// The files live in the directory `CBManagerOptionRestoreDirectoryKey` names, else in `BLUETOOTH_RESTORE_DIR`,
/// else in `restore` under the user's Bluetooth data directory (beside the bonds: `$XDG_DATA_HOME/bluetooth` or
/// `~/.local/share/bluetooth`), else under the temporary directory; one file per role and identifier. A save
/// replaces the file atomically (a synced temporary file renamed over it), so a crash leaves the old state or
/// the new one, never half of one; a file that cannot be read as state is logged and ignored.
struct RestorationStore<State: Codable> {
    /// Which kind of manager a store belongs to, so a central and a peripheral manager may share an identifier.
    enum Role: String {
        case central
        case peripheral
    }

    let file: URL

    init(identifier: String, role: Role, directory: String?) {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            (directory ?? environment["BLUETOOTH_RESTORE_DIR"]).map { URL(fileURLWithPath: $0) }
            ?? BondStore.defaultDirectory(environment: environment).map { URL(fileURLWithPath: $0 + "/restore") }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("corebluetooth-restore")
        let name = Data(identifier.utf8).map { String(format: "%02x", $0) }.joined()
        file = folder.appendingPathComponent("\(name).\(role.rawValue).json")
    }

    /// The state saved last; nil when there is none or the file is damaged, which is logged.
    func load() -> State? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        do {
            return try JSONDecoder().decode(State.self, from: data)
        } catch {
            CoreBluetoothLog.warning("restoration state in \(file.path) is damaged and ignored: \(error)")
            return nil
        }
    }

    /// Saves the state, logging when it cannot.
    func save(_ state: State) {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONEncoder().encode(state).write(to: temporary)
            let handle = try FileHandle(forUpdating: temporary)
            defer { try? handle.close() }
            try handle.synchronize()
            guard rename(temporary.path, file.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
            Self.synchronizeDirectory(folder)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            CoreBluetoothLog.warning("restoration state not saved to \(file.path): \(error)")
        }
    }

    /// Flushes a directory's entries, so that a rename in it survives a crash of the system.
    private static func synchronizeDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
