import HCI

extension FuzzTarget {
    /// The H4 framer fed a byte stream in chunks of a size the input chooses; every packet it cuts is decoded.
    static let h4 = FuzzTarget(name: "h4") { bytes in
        var input = FuzzInput(bytes)
        let chunk = Int(input.byte() % 32) + 1
        var framer = H4Framer()
        while !input.isAtEnd {
            guard let packets = try? framer.append(input.bytes(chunk)) else { return }
            for packet in packets {
                if case .event(let event) = packet { _ = try? KnownEvent(event) }
            }
        }
    }
}
