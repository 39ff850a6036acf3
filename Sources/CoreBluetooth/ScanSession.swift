import Host

/// What a central manager's current scan looks for, and what it has heard and reported so far.
final class ScanSession {
    /// The services asked for, as the app gave them.
    let serviceUUIDs: [CBUUID]
    /// The solicited services asked for, as the app gave them.
    let solicitedUUIDs: [CBUUID]
    /// The services a peripheral must advertise (one of them) to be reported; empty reports every peripheral.
    let services: Set<BluetoothUUID>
    /// The services a peripheral may solicit instead (one of them) to be reported.
    let solicited: Set<BluetoothUUID>
    /// Whether every advertisement is reported, rather than each peripheral once per content.
    let allowsDuplicates: Bool
    /// The latest advertisement (not scan response) from each device.
    var advertisements: [UUID: AdvertisementSeen] = [:]
    /// Advertisements held back for their scan responses, with the token of the timer that releases them.
    var held: [UUID: (seen: AdvertisementSeen, token: UInt64)] = [:]
    /// The data last reported for each device.
    var reported: [UUID: [UInt8]] = [:]
    /// The next hold-timer token.
    var nextToken: UInt64 = 0
    /// How many devices a scan remembers before it forgets them all and starts over.
    static let deviceLimit = 4096

    init(services: [CBUUID], solicited: [CBUUID], allowsDuplicates: Bool) {
        serviceUUIDs = services
        solicitedUUIDs = solicited
        self.services = Set(services.map(\.bluetoothUUID))
        self.solicited = Set(solicited.map(\.bluetoothUUID))
        self.allowsDuplicates = allowsDuplicates
    }

    /// Forgets every device heard so far once the scan remembers ``deviceLimit`` of them, so that a scan running for
    /// days among rotating private addresses stays bounded; each device is then reported once more.
    func forgetDevicesIfFull() {
        guard advertisements.count >= Self.deviceLimit || reported.count >= Self.deviceLimit else { return }
        advertisements = [:]
        reported = [:]
    }

    /// Whether a peripheral advertising `data` is to be reported.
    func matches(_ data: AdvertisingData) -> Bool {
        services.isEmpty || !services.isDisjoint(with: data.serviceUUIDs)
            || !solicited.isDisjoint(with: data.solicitedServiceUUIDs)
    }
}
