/// How many values `updateValue` has handed bluetoothd that it may not have taken yet, so that an app sending
/// until `updateValue` returns false stops, and hears `peripheralManagerIsReady(toUpdateSubscribers:)` when
/// bluetoothd has caught up.
///
/// bluetoothd says nothing when it has sent a notification, so the flow counts on the bus instead: a round trip
/// to bluetoothd started after some values returns once it has handled them (it handles its messages in order)
/// and queued their notifications on the links. One round trip is under way at a time, covering every value sent
/// before it started.
struct BlueZUpdateFlow: Equatable {
    /// The values bluetoothd may still be handling before `updateValue` refuses more.
    let capacity: Int
    /// Values sent whose round trip has not yet returned.
    private(set) var unconfirmed = 0
    /// How many of them the round trip under way covers; 0 when none is under way.
    private(set) var covered = 0
    /// Whether `updateValue` refused a value since the manager was last ready.
    private(set) var refused = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes room for one value: `accepted` false when there is none; `startRoundTrip` when a round trip must
    /// start to cover it.
    mutating func take() -> (accepted: Bool, startRoundTrip: Bool) {
        guard unconfirmed < capacity else {
            refused = true
            return (false, false)
        }
        unconfirmed += 1
        guard covered == 0 else { return (true, false) }
        covered = unconfirmed
        return (true, true)
    }

    /// The round trip under way returned: `ready` when a refused app may send again; `startRoundTrip` when
    /// values sent since need another.
    mutating func roundTripEnded() -> (ready: Bool, startRoundTrip: Bool) {
        unconfirmed -= covered
        covered = unconfirmed
        let ready = refused
        refused = false
        return (ready, covered > 0)
    }
}
