extension Array {
    /// The first `count` elements, or the array itself, unshared with nothing copied, when it has no more.
    func cut(to count: Int) -> [Element] {
        self.count <= count ? self : Array(prefix(count))
    }
}
