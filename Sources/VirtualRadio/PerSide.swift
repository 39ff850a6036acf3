/// One value for each side of a link, read and changed in place by side, without hashing the side.
struct PerSide<Value> {
    var central: Value
    var peripheral: Value

    /// The same value on both sides.
    init(_ both: Value) {
        central = both
        peripheral = both
    }

    init(central: Value, peripheral: Value) {
        self.central = central
        self.peripheral = peripheral
    }

    subscript(side: LinkSide) -> Value {
        get { side == .central ? central : peripheral }
        _modify {
            switch side {
            case .central: yield &central
            case .peripheral: yield &peripheral
            }
        }
    }
}

extension PerSide: Equatable where Value: Equatable {}
