import Foundation

/// The peripheral objects a central manager handed out, by identifier, held weakly as Apple's manager holds them:
/// while the app (or a connection) keeps one, the manager gives back that same object; once nobody does, the next
/// sighting makes a new one. A gateway that scans for days thus keeps only the peripherals somebody still uses.
struct PeripheralRegistry {
    private final class Entry {
        weak var peripheral: CBPeripheral?

        init(_ peripheral: CBPeripheral) {
            self.peripheral = peripheral
        }
    }

    private var entries: [UUID: Entry] = [:]
    /// How many entries there may be before those of released peripherals are swept out.
    private var sweepThreshold = 64

    /// The live peripheral with `identifier`, if the app or a connection still holds it.
    subscript(identifier: UUID) -> CBPeripheral? {
        entries[identifier]?.peripheral
    }

    /// Every peripheral still held by someone.
    var live: [CBPeripheral] {
        entries.values.compactMap(\.peripheral)
    }

    /// Records a new peripheral object; sweeps out released ones now and then, so the table stays as small as
    /// the set of live peripherals.
    mutating func insert(_ peripheral: CBPeripheral) {
        entries[peripheral.identifier] = Entry(peripheral)
        guard entries.count >= sweepThreshold else { return }
        entries = entries.filter { $0.value.peripheral != nil }
        sweepThreshold = max(64, entries.count * 2)
    }

    /// How many entries the table holds, released ones not yet swept out included.
    var entryCount: Int { entries.count }
}
