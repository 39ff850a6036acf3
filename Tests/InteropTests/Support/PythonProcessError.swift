/// Why a Python script could not be started.
enum PythonProcessError: Error, CustomStringConvertible {
    /// The script is not in `Tests/InteropTests/bumble`.
    case scriptMissing(String)
    /// The interpreter could not be started.
    case launchFailed(script: String, reason: String)

    var description: String {
        switch self {
        case .scriptMissing(let path): "no interop script at \(path)"
        case .launchFailed(let script, let reason): "cannot start \(script): \(reason)"
        }
    }
}
