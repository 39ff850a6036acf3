/// Where a discovery procedure's next request starts, moved only forward by what the server returns.
///
/// Each response lists spans (a group, a declaration with its value, or a single attribute) that must lie
/// at or after the cursor, in ascending order without overlap. The next request starts one past the last
/// span; a span reaching the end of the range ends the procedure without another request.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.4 to 4.7.
struct GATTClientHandleCursor: Hashable, Sendable {
    /// The first handle the next request covers.
    private(set) var next: AttributeHandle
    /// The last handle of the range being searched.
    let end: AttributeHandle

    init(from start: AttributeHandle, through end: AttributeHandle) {
        next = start
        self.end = end
    }

    /// Whether the range holds no handle at all.
    var isEmpty: Bool { next > end }

    /// Checks a response's spans and moves past the last; returns whether the range is now exhausted.
    mutating func advance(
        over spans: [(first: AttributeHandle, last: AttributeHandle)]
    ) throws(GATTClientError) -> Bool {
        guard let firstSpan = spans.first, let lastSpan = spans.last else {
            throw .invalidResponse("response lists no attributes")
        }
        guard firstSpan.first >= next else { throw .handleNotAdvanced(firstSpan.first) }
        var previous: AttributeHandle?
        for span in spans {
            guard span.first <= end else {
                throw .invalidResponse("handle \(span.first) lies past the requested end \(end)")
            }
            guard span.first <= span.last else {
                throw .invalidResponse("the entry at \(span.first) ends at \(span.last), before it starts")
            }
            if let previous, span.first <= previous {
                throw .invalidResponse("handle \(span.first) does not follow \(previous)")
            }
            previous = span.last
        }
        guard lastSpan.last < end else { return true }
        next = AttributeHandle(rawValue: lastSpan.last.rawValue + 1)
        return false
    }
}
