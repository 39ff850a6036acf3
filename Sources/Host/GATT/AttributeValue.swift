/// Where a characteristic's or descriptor's value comes from.
public enum AttributeValue: Hashable, Sendable {
    /// A constant the server answers reads with itself; such an attribute is read-only.
    case `static`([UInt8])
    /// A value the application supplies on each read and receives on each write.
    case dynamic
}
