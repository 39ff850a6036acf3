extension Array {
    /// Hands over every element and starts again empty with room for as many, so that a steady stream of bursts
    /// does not regrow the array from one element on every burst.
    mutating func takeAllKeepingRoom() -> [Element] {
        let taken = self
        self = []
        reserveCapacity(taken.count)
        return taken
    }
}
