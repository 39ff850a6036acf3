/// Why advertisement content could not be laid out into packets.
public enum AdvertisingLayoutError: Error, Hashable, Sendable {
    /// A structure of the given type fits in neither the advertising data nor the scan response.
    case doesNotFit(ADType)
}
