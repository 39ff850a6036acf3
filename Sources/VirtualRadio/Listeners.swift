/// The controllers that hear advertising events: those scanning and those initiating, each kept in joining
/// order so that every sweep over them visits them in the same order.
///
/// A controller's ``ControllerState/scan`` and ``ControllerState/initiator`` keep it up to date, so the air
/// offers an advertising event to these few instead of walking every controller on the air.
final class Listeners {
    private(set) var scanning: [ControllerID] = []
    private(set) var initiating: [ControllerID] = []

    /// Records whether a controller scans.
    func setScanning(_ id: ControllerID, _ isScanning: Bool) {
        Self.update(&scanning, id, isScanning)
    }

    /// Records whether a controller initiates a connection.
    func setInitiating(_ id: ControllerID, _ isInitiating: Bool) {
        Self.update(&initiating, id, isInitiating)
    }

    private static func update(_ ids: inout [ControllerID], _ id: ControllerID, _ member: Bool) {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        let present = low < ids.count && ids[low] == id
        if member, !present { ids.insert(id, at: low) }
        if !member, present { ids.remove(at: low) }
    }
}
