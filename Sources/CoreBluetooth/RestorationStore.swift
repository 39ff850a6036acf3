/// Keeps what a central manager with a restore identifier was doing (its scan and the peripherals it was
/// connected or connecting to) in a file, so that a manager made later with the same identifier, in this
/// process or another, hears it in `centralManager(_:willRestoreState:)`.
///
/// The files live in `BLUETOOTH_RESTORE_DIR`, else in `corebluetooth-restore` under the temporary directory.
struct RestorationStore {
    /// The state saved for one restore identifier.
    struct Saved: Codable, Equatable {
        /// The services of the scan under way, as `uuidString`s; nil when not scanning.
        var scanServices: [String]?
        /// Whether the scan under way reports duplicates.
        var allowsDuplicates: Bool
        /// The solicited services of the scan under way, as `uuidString`s.
        var solicitedServices: [String]
        /// The identifiers of the peripherals connected or being connected.
        var peripherals: [UUID]
    }

    let file: URL

    init(identifier: String) {
        let directory =
            ProcessInfo.processInfo.environment["BLUETOOTH_RESTORE_DIR"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("corebluetooth-restore")
        let name = Data(identifier.utf8).map { String(format: "%02x", $0) }.joined()
        file = directory.appendingPathComponent(name + ".json")
    }

    /// The state saved last, if any.
    func load() -> Saved? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(Saved.self, from: data)
    }

    /// Saves the state, logging when it cannot.
    func save(_ saved: Saved) {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(saved).write(to: file, options: .atomic)
        } catch {
            CoreBluetoothLog.warning("restoration state not saved to \(file.path): \(error)")
        }
    }
}
