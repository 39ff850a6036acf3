/// Why the Bumble controller launcher could not be used.
enum BumbleControllersError: Error, CustomStringConvertible {
    /// The launcher exited or wrote no port file in time.
    case notReady(within: Duration, transcript: String)

    var description: String {
        switch self {
        case .notReady(let within, let transcript):
            "controllers.py was not listening within \(within):\n\(transcript)"
        }
    }
}
