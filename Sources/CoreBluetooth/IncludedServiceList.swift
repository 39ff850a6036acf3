/// The services a service includes, held as whoever made the include wants: strongly where the app built them (a
/// ``CBMutableService`` it publishes, which owns what it includes), weakly where a peripheral found them. A peer's
/// includes may loop (a service including itself, two including each other); the peripheral owns every service it
/// found, so found includes hold none of them, and a disconnection or a Service Changed indication that makes the
/// peripheral let go of its services releases them, loops and all.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.2.
enum IncludedServiceList {
    /// Services the including service owns.
    case owned([CBService])
    /// Services a peripheral owns; those it let go of (and nobody else holds) drop out.
    case found([FoundService])

    /// A service a peripheral found, referred to without owning it.
    struct FoundService {
        weak var service: CBService?
    }

    /// The services still there, in order.
    var services: [CBService] {
        switch self {
        case .owned(let services): services
        case .found(let references): references.compactMap(\.service)
        }
    }
}
