/// A JSON input file (GATT file, world file, `explore --json` output) that does not fit its format, with the path
/// of the element at fault, e.g. `services[1].characteristics[0].uuid: not a UUID`.
package struct JSONFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the fault is, from the document root (`services[1].uuid`); empty for the document as a whole.
    package var path: String
    /// What is wrong there, for a person.
    package var message: String

    /// The one-line message: the path, a colon, and what is wrong.
    package var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}
